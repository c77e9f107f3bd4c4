package api

import (
	"context"

	"lockers/internal/identity"
	"lockers/internal/order"
	"lockers/internal/rpc"
	"lockers/internal/station"
)

// orderProcedures are the booking and order procedures of issue 4. Every one
// works on the caller's own orders only: another user's order is ORDER_NOT_FOUND.
func orderProcedures(d Deps) []rpc.Procedure {
	one := func(o order.Order, err error) (OrderView, error) {
		if err != nil {
			return OrderView{}, err
		}
		return orderView(o, d.Orders.Now(), d.Orders.LatestEnd()), nil
	}
	return []rpc.Procedure{
		rpc.Mutation("order.create", rpc.User, func(ctx context.Context, in OrderCreateInput) (OrderView, error) {
			o, err := d.Orders.Create(ctx, callerID(ctx), order.CreateInput{
				StationID: in.StationUUID,
				Product:   station.Product{Height: in.Height, Type: in.Type, Temperature: in.Temperature},
				Start:     in.Start, End: in.End, Count: in.Count, IdempotencyKey: in.IdempotencyKey,
			})
			return one(o, err)
		}),
		rpc.Query("order.get", rpc.User, func(ctx context.Context, in OrderInput) (OrderView, error) {
			o, err := d.Orders.Get(ctx, callerID(ctx), in.OrderUUID)
			return one(o, err)
		}),
		rpc.Query("order.list", rpc.User, func(ctx context.Context, in OrderListInput) ([]OrderView, error) {
			os, err := d.Orders.List(ctx, callerID(ctx), order.Scope(in.Scope))
			if err != nil {
				return nil, err
			}
			now, latest := d.Orders.Now(), d.Orders.LatestEnd()
			out := make([]OrderView, 0, len(os))
			for _, o := range os {
				out = append(out, orderView(o, now, latest))
			}
			return out, nil
		}),
		rpc.Mutation("order.confirm", rpc.User, func(ctx context.Context, in OrderConfirmInput) (OrderView, error) {
			o, err := d.Orders.Confirm(ctx, callerID(ctx), in.OrderUUID, in.AcceptTerms)
			return one(o, err)
		}),
		rpc.Mutation("order.cancel", rpc.User, func(ctx context.Context, in OrderCancelInput) (OrderView, error) {
			o, err := d.Orders.Cancel(ctx, callerID(ctx), in.OrderUUID, in.Note)
			return one(o, err)
		}),
		rpc.Mutation("order.extend", rpc.User, func(ctx context.Context, in OrderExtendInput) (OrderView, error) {
			o, err := d.Orders.Extend(ctx, callerID(ctx), in.OrderUUID, in.OrderLockerUUID, in.End)
			return one(o, err)
		}),
	}
}

// callerID is the signed-in user; rpc.User procedures run only with one.
func callerID(ctx context.Context) string {
	p, _ := identity.From(ctx)
	return p.UserID
}
