package api

import (
	"context"

	"lockers/internal/account"
	"lockers/internal/hardware"
	"lockers/internal/rpc"
)

// doorProcedures are issue 13's: opening a door from the app, the keypad codes
// of an order locker and the station kiosk. Every user procedure works on the
// caller's own order lockers: anyone else's is LOCKER_NOT_FOUND.
func doorProcedures(d Deps) []rpc.Procedure {
	codes := func(ctx context.Context, in OrderLockerInput) (CodesView, error) {
		t, cs, err := d.Hardware.Codes(ctx, callerID(ctx), in.OrderUUID, in.OrderLockerUUID)
		if err != nil {
			return CodesView{}, err
		}
		v := CodesView{OrderLockerUUID: t.OrderLockerID, Label: t.Label, Status: t.Status, Codes: make([]CodeItemView, 0, len(cs))}
		for _, c := range cs {
			v.Codes = append(v.Codes, codeItemView(c, t.Status))
		}
		if off, ok, err := d.Hardware.Offline(ctx, callerID(ctx), in.OrderUUID, in.OrderLockerUUID); err != nil {
			return CodesView{}, err
		} else if ok {
			v.OfflinePin = &OfflinePinView{Pin: off.PIN, ValidFrom: rfc3339(off.From), ValidUntil: rfc3339(off.To)}
		}
		gs, err := d.Hardware.Guests(ctx, callerID(ctx), in.OrderUUID, in.OrderLockerUUID)
		if err != nil {
			return CodesView{}, err
		}
		v.Guests = make([]GuestLinkView, 0, len(gs))
		for _, g := range gs {
			v.Guests = append(v.Guests, GuestLinkView{UUID: g.ID, CreatedAt: rfc3339(g.CreatedAt)})
		}
		return v, nil
	}
	return []rpc.Procedure{
		// Asked for when the app asks "Are you sure?" (and again while it
		// does): locker.open obeys only an intent at most DOOR_INTENT_TTL old.
		rpc.Mutation("locker.openIntent", rpc.User, func(ctx context.Context, in OrderLockerInput) (DoorIntentView, error) {
			i, err := d.Hardware.OpenIntent(ctx, callerID(ctx), in.OrderUUID, in.OrderLockerUUID)
			if err != nil {
				return DoorIntentView{}, err
			}
			return doorIntentView(i), nil
		}),
		// "No, keep it closed", a stop while an open is in flight, or leaving
		// the screen: an open that arrives after this is refused.
		rpc.Mutation("locker.revokeIntent", rpc.User, func(ctx context.Context, in LockerOpenInput) (IntentRevokeView, error) {
			ok, err := d.Hardware.RevokeIntent(ctx, callerID(ctx), in.OrderUUID, in.OrderLockerUUID, in.Intent)
			return IntentRevokeView{Revoked: ok}, err
		}),
		rpc.Mutation("locker.open", rpc.User, func(ctx context.Context, in LockerOpenInput) (DoorOpenView, error) {
			o, err := d.Hardware.Open(ctx, callerID(ctx), in.OrderUUID, in.OrderLockerUUID, in.Intent)
			if err != nil {
				return DoorOpenView{}, err
			}
			return doorOpenView(o), nil
		}),
		// The extend screen's fallback: when the compartment is booked after
		// the rental, it moves to a free one of the same kind and is extended
		// there, in one tap (order.extend's answer otherwise).
		rpc.Mutation("order.extendElsewhere", rpc.User, func(ctx context.Context, in OrderExtendInput) (OrderView, error) {
			o, err := d.Orders.ExtendElsewhere(ctx, callerID(ctx), in.OrderUUID, in.OrderLockerUUID, in.End)
			if err != nil {
				return OrderView{}, err
			}
			return orderView(o, d.Orders.Now(), d.Orders.LatestEnd()), nil
		}),
		// After CANT_OPEN: the rental moves to a free compartment of the same kind, in one tap.
		rpc.Mutation("locker.replace", rpc.User, func(ctx context.Context, in OrderLockerInput) (ReplacedView, error) {
			t, err := d.Hardware.Replace(ctx, callerID(ctx), in.OrderUUID, in.OrderLockerUUID)
			if err != nil {
				return ReplacedView{}, err
			}
			return ReplacedView{Label: t.Label}, nil
		}),
		rpc.Query("code.list", rpc.User, codes),
		rpc.Query("locker.temperatures", rpc.User, func(ctx context.Context, in OrderLockerInput) (TemperaturesView, error) {
			class, rs, err := d.Hardware.Temperatures(ctx, callerID(ctx), in.OrderUUID, in.OrderLockerUUID)
			if err != nil {
				return TemperaturesView{}, err
			}
			return temperaturesView(class, rs), nil
		}),
		rpc.Mutation("code.regenerate", rpc.User, func(ctx context.Context, in CodeInput) (CodeItemView, error) {
			c, err := d.Hardware.Regenerate(ctx, callerID(ctx), in.OrderUUID, in.OrderLockerUUID, in.CodeUUID)
			return codeItemView(c, ""), err
		}),
		rpc.Mutation("code.add", rpc.User, func(ctx context.Context, in CodeAddInput) (CodeItemView, error) {
			c, err := d.Hardware.Add(ctx, callerID(ctx), in.OrderUUID, in.OrderLockerUUID, hardware.CodeKind(in.Kind))
			return codeItemView(c, ""), err
		}),
		rpc.Mutation("code.remove", rpc.User, func(ctx context.Context, in CodeInput) (Done, error) {
			err := d.Hardware.Remove(ctx, callerID(ctx), in.OrderUUID, in.OrderLockerUUID, in.CodeUUID)
			return Done{OK: err == nil}, err
		}),
		rpc.Mutation("guest.create", rpc.User, func(ctx context.Context, in OrderLockerInput) (GuestCreateView, error) {
			g, until, err := d.Hardware.CreateGuest(ctx, callerID(ctx), in.OrderUUID, in.OrderLockerUUID)
			if err != nil {
				return GuestCreateView{}, err
			}
			return GuestCreateView{UUID: g.ID, Token: g.Token, Path: "/guest/" + g.Token, ValidUntil: rfc3339(until)}, nil
		}),
		rpc.Mutation("guest.revoke", rpc.User, func(ctx context.Context, in GuestRevokeInput) (Done, error) {
			err := d.Hardware.RevokeGuest(ctx, callerID(ctx), in.OrderUUID, in.OrderLockerUUID, in.GuestUUID)
			return Done{OK: err == nil}, err
		}),
		rpc.Query("guest.get", rpc.Public, func(ctx context.Context, in GuestInput) (GuestView, error) {
			v, err := d.Hardware.Guest(ctx, in.Token)
			if err != nil {
				return GuestView{}, err
			}
			return guestView(v), nil
		}),
		rpc.Mutation("kiosk.enter", rpc.Public, func(ctx context.Context, in KioskInput) (KioskView, error) {
			r, err := d.Hardware.Enter(ctx, in.StationUUID, in.Code, account.RequestFrom(ctx).ClientIP)
			if err != nil {
				return KioskView{}, err
			}
			return kioskView(r), nil
		}),
	}
}
