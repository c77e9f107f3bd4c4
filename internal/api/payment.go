package api

import (
	"context"

	"lockers/internal/rpc"
)

// paymentProcedures are issue 12's: saved cards (paymentMethod.*) and paying an
// order with one (order.pay) or by a one-time link (order.paymentLink). Every
// one works on the caller's own cards and orders: anyone else's id is
// PAYMENT_METHOD_NOT_FOUND or ORDER_NOT_FOUND.
func paymentProcedures(d Deps) []rpc.Procedure {
	method := func(ctx context.Context, in PaymentMethodInput) (PaymentMethodView, error) {
		m, err := d.Payments.Method(ctx, callerID(ctx), in.PaymentMethodUUID)
		if err != nil {
			return PaymentMethodView{}, err
		}
		return paymentMethodView(m), nil
	}
	return []rpc.Procedure{
		rpc.Query("paymentMethod.list", rpc.User, func(ctx context.Context, _ rpc.Void) ([]PaymentMethodView, error) {
			ms, err := d.Payments.Methods(ctx, callerID(ctx))
			if err != nil {
				return nil, err
			}
			out := make([]PaymentMethodView, 0, len(ms))
			for _, m := range ms {
				out = append(out, paymentMethodView(m))
			}
			return out, nil
		}),
		rpc.Query("paymentMethod.get", rpc.User, method),
		rpc.Mutation("paymentMethod.add", rpc.User, func(ctx context.Context, in PaymentMethodAddInput) (PaymentMethodAddView, error) {
			m, url, err := d.Payments.AddMethod(ctx, callerID(ctx), in.PaymentMethodUUID, in.Lang)
			if err != nil {
				return PaymentMethodAddView{}, err
			}
			return PaymentMethodAddView{PaymentMethod: paymentMethodView(m), URL: url}, nil
		}),
		rpc.Mutation("paymentMethod.activate", rpc.User, func(ctx context.Context, in PaymentMethodInput) (PaymentMethodView, error) {
			m, err := d.Payments.Activate(ctx, callerID(ctx), in.PaymentMethodUUID)
			if err != nil {
				return PaymentMethodView{}, err
			}
			return paymentMethodView(m), nil
		}),
		rpc.Mutation("paymentMethod.deactivate", rpc.User, func(ctx context.Context, in PaymentMethodInput) (PaymentMethodView, error) {
			m, err := d.Payments.Deactivate(ctx, callerID(ctx), in.PaymentMethodUUID)
			if err != nil {
				return PaymentMethodView{}, err
			}
			return paymentMethodView(m), nil
		}),
		rpc.Mutation("paymentMethod.remove", rpc.User, func(ctx context.Context, in PaymentMethodInput) (rpc.Void, error) {
			return rpc.Void{}, d.Payments.RemoveMethod(ctx, callerID(ctx), in.PaymentMethodUUID)
		}),
		rpc.Mutation("order.pay", rpc.User, func(ctx context.Context, in OrderPayInput) (OrderView, error) {
			o, err := d.Payments.Pay(ctx, callerID(ctx), in.OrderUUID, in.PaymentMethodUUID)
			if err != nil {
				return OrderView{}, err
			}
			return orderView(o, d.Payments.Now(), d.Orders.LatestEnd()), nil
		}),
		rpc.Mutation("order.paymentLink", rpc.User, func(ctx context.Context, in OrderPaymentLinkInput) (PaymentLinkView, error) {
			url, o, err := d.Payments.Link(ctx, callerID(ctx), in.OrderUUID, in.Lang)
			if err != nil {
				return PaymentLinkView{}, err
			}
			return PaymentLinkView{URL: url, Order: orderView(o, d.Payments.Now(), d.Orders.LatestEnd())}, nil
		}),
	}
}
