package backoffice

import (
	"context"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/order"
	"lockers/internal/txn"
)

// RentalOnLocker is a live booking of one compartment that has not ended.
type RentalOnLocker struct {
	OrderLockerID string
	OrderID       string
	UserID        string
	UserEmail     string
	Status        string
	PaidCents     int64
	StartsAt      time.Time
	EndsAt        time.Time
}

// What taking a compartment out of service does to one of its bookings.
const (
	EffectMove   = "move"   // to a free compartment of the same kind at the station
	EffectRefund = "refund" // none is free: cancelled, and its money refunded
)

// RentalEffect is one booking and what taking its compartment out of service
// does to it: moved to ToLabel, or cancelled and refunded.
type RentalEffect struct {
	RentalOnLocker
	Effect  string
	ToID    string // EffectMove: the compartment it moves to
	ToLabel string
}

// Moved tells a customer their booking moved to another compartment of the
// station (Deps.Moved), in the move's transaction. ToLabel is empty when no
// compartment of the kind was free and the free booking was ended instead (a
// paid one is told by its refund's notification).
type Moved struct {
	UserID, OrderID, OrderLockerID, StationName, ToLabel string
	Start, End                                           time.Time
}

// effectReads are what planning the effects reads: the read model, or the
// write's transaction (which sees the moves planned before).
type effectReads interface {
	LockerRentals(ctx context.Context, stationID, lockerID string, now time.Time) ([]RentalOnLocker, error)
	FreeTwin(ctx context.Context, stationID, lockerID string, start, end time.Time) (id, label string, err error)
}

// CompartmentEffects lists what taking a compartment out of service now would
// do to its bookings (booked, paid or free, future or running): each moves
// to a free compartment of the same kind at the station, or, when none is
// free for its time, is cancelled and refunded. The dialog shows it before
// the operator confirms; the save does the same again in its transaction.
func (s *Service) CompartmentEffects(ctx context.Context, stationID, lockerID string) ([]RentalEffect, error) {
	if !validID(lockerID) {
		return nil, apperr.New(apperr.LockerNotFound, "Locker not found")
	}
	// Outside a write two bookings could pick the same free compartment: the
	// plan keeps the ones it gave away.
	effects, err := planEffects(ctx, s.store, stationID, lockerID, s.Now(), nil)
	return effects, internal("effects", err)
}

// planEffects decides each booking's effect in start order. apply, when set,
// moves a booking at once (in the save's transaction), so the next booking's
// search sees the compartment taken; without it, taken remembers the plan.
func planEffects(ctx context.Context, r effectReads, stationID, lockerID string, now time.Time,
	apply func(e RentalEffect) error) ([]RentalEffect, error) {
	rentals, err := r.LockerRentals(ctx, stationID, lockerID, now)
	if err != nil {
		return nil, err
	}
	type span struct{ start, end time.Time }
	taken := map[string][]span{}
	out := make([]RentalEffect, 0, len(rentals))
	for _, x := range rentals {
		e := RentalEffect{RentalOnLocker: x, Effect: EffectRefund}
		id, label, err := r.FreeTwin(ctx, stationID, lockerID, x.StartsAt, x.EndsAt)
		if err != nil {
			return nil, err
		}
		for _, sp := range taken[id] {
			if id != "" && sp.start.Before(x.EndsAt) && x.StartsAt.Before(sp.end) {
				id = "" // given to an earlier booking of this plan; a read-only plan says refund
			}
		}
		if id != "" {
			e.Effect, e.ToID, e.ToLabel = EffectMove, id, label
			taken[id] = append(taken[id], span{x.StartsAt, x.EndsAt})
		}
		if apply != nil {
			if err := apply(e); err != nil {
				return nil, err
			}
		}
		out = append(out, e)
	}
	return out, nil
}

// settleOutOfService moves a compartment's bookings in the transaction that
// takes it out of service, tells each moved customer, and returns the plan;
// the bookings that could not move are cancelled and refunded after it
// commits (refundUnmoved: a refund asks the provider, outside a transaction).
func (s *Service) settleOutOfService(ctx context.Context, tx Tx, stationID, lockerID, stationName string, now time.Time) ([]RentalEffect, error) {
	return planEffects(ctx, tx.Read, stationID, lockerID, now, func(e RentalEffect) error {
		if e.Effect != EffectMove {
			return nil
		}
		ok, err := order.MoveBooking(ctx, tx.Orders, e.UserID, e.OrderID, e.OrderLockerID, lockerID, e.ToID, now)
		if err != nil || !ok {
			return err // !ok: the booking ended or moved meanwhile; nothing to tell
		}
		if s.moved == nil {
			return nil
		}
		return s.moved(ctx, tx.Txn, Moved{UserID: e.UserID, OrderID: e.OrderID, OrderLockerID: e.OrderLockerID,
			StationName: stationName, ToLabel: e.ToLabel, Start: e.StartsAt, End: e.EndsAt})
	})
}

// refundUnmoved cancels and refunds the bookings no free compartment could
// take: a paid one through the operator's full refund (which ends the
// rental), a free one ended with its coupon given back. It returns the ones
// that failed; the operator sees them and settles them on the order's page.
func (s *Service) refundUnmoved(ctx context.Context, effects []RentalEffect, stationName, reason string) []string {
	var failed []string
	for _, e := range effects {
		if e.Effect != EffectRefund {
			continue
		}
		var err error
		if e.PaidCents > 0 {
			_, err = s.Refund(ctx, e.OrderID, reason, 0, "")
		} else if s.end != nil {
			if _, err = s.end.EndRefunded(ctx, e.UserID, e.OrderID); err == nil {
				err = s.tellEnded(ctx, e, stationName)
			}
		}
		if err != nil {
			s.log.WarnContext(ctx, "backoffice: a booking of an out-of-service compartment was not refunded",
				"order", e.OrderID, "err", err)
			failed = append(failed, e.OrderID)
		}
	}
	return failed
}

// tellEnded tells the customer of a free booking that it ended because its
// compartment went out of service and none of the kind was free (its coupon's
// free order is back).
func (s *Service) tellEnded(ctx context.Context, e RentalEffect, stationName string) error {
	if s.moved == nil {
		return nil
	}
	return s.store.InTx(ctx, func(tx Tx) error {
		return s.moved(ctx, tx.Txn, Moved{UserID: e.UserID, OrderID: e.OrderID, OrderLockerID: e.OrderLockerID,
			StationName: stationName, Start: e.StartsAt, End: e.EndsAt})
	})
}

// movedHook is Deps.Moved's type.
type movedHook = func(ctx context.Context, tx txn.Tx, m Moved) error
