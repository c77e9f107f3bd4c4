package payment_test

import (
	"testing"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/payment"
)

// TestRefundPart: an operator's partial refund of an order paid twice (500 +
// 500) takes the oldest payment first and spills into the next; the order's
// paid amount goes down by exactly that, a payment all of whose money went
// back is refunded, the other stays paid; more than is kept is CANT_REFUND
// with nothing sent; the full refund afterwards gives back only what is left;
// every refund reaches the invoicer for its credit note with its own amount.
func TestRefundPart(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		o := e.paidWithExtension(u)
		e.clock.Add(10 * time.Minute)

		wantCode(t, e.payments.RefundPart(e.ctx, o, 0), apperr.BadInput)
		wantCode(t, e.payments.RefundPart(e.ctx, o, 1001), apperr.CantRefund)
		if e.provider.refundCount() != 0 {
			t.Fatal("a refusal sent a refund")
		}
		if err := e.payments.RefundPart(e.ctx, o, 200); err != nil {
			t.Fatal(err)
		}
		o = e.order(u, o.ID)
		if o.PaidCents != 800 || o.RefundedCents != 200 {
			t.Fatalf("after 200: paid %d, refunded %d", o.PaidCents, o.RefundedCents)
		}
		if err := e.payments.RefundPart(e.ctx, o, 500); err != nil { // 300 of the first, 200 of the second
			t.Fatal(err)
		}
		o = e.order(u, o.ID)
		ps := e.paymentsOf(o.ID)
		if o.PaidCents != 300 || o.RefundedCents != 700 || ps[0].State != payment.Refunded || ps[1].State != payment.Paid {
			t.Fatalf("after 700: paid %d, refunded %d, payments %s/%s", o.PaidCents, o.RefundedCents, ps[0].State, ps[1].State)
		}
		wantCode(t, e.payments.RefundPart(e.ctx, o, 301), apperr.CantRefund)

		if err := e.payments.RefundOrder(e.ctx, o); err != nil {
			t.Fatal(err)
		}
		o = e.order(u, o.ID)
		if o.PaidCents != 0 || o.RefundedCents != 1000 {
			t.Fatalf("after the rest: paid %d, refunded %d", o.PaidCents, o.RefundedCents)
		}
		var sent int64
		for _, r := range e.provider.refunds {
			sent += r.AmountCents
		}
		if e.provider.refundCount() != 4 || sent != 1000 {
			t.Fatalf("the provider refunded %d times, %d cents; want 4 times, 1000", e.provider.refundCount(), sent)
		}
		if _, err := e.payments.Reconcile(e.ctx); err != nil {
			t.Fatal(err)
		}
		var credited int64
		for _, f := range e.invoices.refunded {
			credited += f.AmountCents
			if f.VATCents <= 0 || f.VATCents >= f.AmountCents {
				t.Fatalf("credit of %d cents with VAT %d", f.AmountCents, f.VATCents)
			}
		}
		if len(e.invoices.refunded) != 4 || credited != 1000 {
			t.Fatalf("%d credit notes of %d cents, want 4 of 1000", len(e.invoices.refunded), credited)
		}
	})
}
