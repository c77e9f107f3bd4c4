package invoice_test

import (
	"testing"
	"time"

	"lockers/internal/invoice"
)

func TestSettleSettlesTheOrdersPaidDocumentsOnce(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		p := e.party("en")
		kept := e.paid(p, "pay_1")
		cn := e.refunded("re_1", "pay_1", 500)
		cancelled := e.paid(p, "pay_2")
		e.refunded("re_2", "pay_2", cancelled.GrossCents)
		// Another order of the same user is not finalized yet.
		other := e.paid(party{user: p.user, order: e.order(p.user)}, "pay_3")

		at := start.Add(72 * time.Hour)
		n, err := e.svc.Settle(e.ctx, p.order, at)
		if err != nil || n != 3 {
			// The invoice and both credit notes; the cancelled invoice stays cancelled.
			t.Fatalf("Settle = %d, %v; want 3", n, err)
		}
		for _, tc := range []struct {
			id   string
			want invoice.State
		}{{kept.ID, invoice.StateSettled}, {cn.ID, invoice.StateSettled}, {cancelled.ID, invoice.StateCancelled},
			{other.ID, invoice.StatePaid}} {
			got := e.get(p.user, tc.id)
			if got.State != tc.want {
				t.Errorf("%s is %s, want %s", got.Number, got.State, tc.want)
			}
			if settled := got.State == invoice.StateSettled; settled != got.SettledAt.Equal(at) {
				t.Errorf("%s: state %s, settled at %s", got.Number, got.State, got.SettledAt)
			}
		}
		if n, err := e.svc.Settle(e.ctx, p.order, at.Add(time.Hour)); err != nil || n != 0 {
			t.Fatalf("second Settle = %d, %v; want 0", n, err)
		}

		// A refund after settlement is still credited; in full it cancels the invoice.
		e.refunded("re_3", "pay_1", kept.GrossCents-500)
		if got := e.get(p.user, kept.ID); got.State != invoice.StateCancelled {
			t.Fatalf("settled invoice credited in full is %s, want cancelled", got.State)
		}
	})
}
