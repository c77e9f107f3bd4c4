package order

import "context"

// refundReasonKey carries an operator's reason for a refund down to the
// order's save (issue 42: the customer is told why money went back).
type refundReasonKey struct{}

// WithRefundReason returns ctx carrying the reason an operator gave for the
// refund made under it. The refund's save hooks (the customer's refund_made
// notification) read it with RefundReason; a customer's own cancel has none.
func WithRefundReason(ctx context.Context, reason string) context.Context {
	return context.WithValue(ctx, refundReasonKey{}, reason)
}

// RefundReason is the reason WithRefundReason put on ctx, or "".
func RefundReason(ctx context.Context) string {
	r, _ := ctx.Value(refundReasonKey{}).(string)
	return r
}
