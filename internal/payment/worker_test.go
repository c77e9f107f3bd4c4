package payment_test

import (
	"testing"

	"github.com/google/uuid"
)

// TestOnePassInvoicesABurstLargerThanALot: payments that pile up while the
// worker is busy (a burst of notifications) are all handed to the invoicer in
// one pass, lot after lot, not one lot per wake-up.
func TestOnePassInvoicesABurstLargerThanALot(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		e.card(u, "pm_ok")
		o := e.unpaid(u)
		if _, err := e.payments.Pay(e.ctx, u, o.ID, ""); err != nil {
			t.Fatal(err)
		}
		paid := e.paymentsOf(o.ID)[0]
		e.event(paidEvent(paid))
		const burst = 250 // two and a half lots besides the real one
		for range burst {
			id := uuid.NewString()
			if _, err := e.db.ExecContext(e.ctx, `INSERT INTO payments (id, user_id, order_id, kind, flow, method_id,
				provider, provider_ref, idempotency_key, amount_cents, vat_cents, currency, lines, state, created_at,
				updated_at, paid_at)
				SELECT $1, user_id, order_id, kind, flow, method_id, provider, provider_ref, $2, amount_cents,
				vat_cents, currency, lines, state, created_at, updated_at, paid_at FROM payments WHERE id = $3`,
				id, "pay-"+id, paid.ID); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := e.payments.Reconcile(e.ctx); err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for _, f := range e.invoices.paid {
			seen[f.PaymentID] = true
		}
		if len(e.invoices.paid) != burst+1 || len(seen) != burst+1 {
			t.Fatalf("one pass handed %d facts (%d payments) to the invoicer, want %d", len(e.invoices.paid), len(seen), burst+1)
		}
		var left int
		if err := e.db.QueryRowContext(e.ctx, `SELECT count(*) FROM payments WHERE paid_at IS NOT NULL AND invoiced_at IS NULL`).Scan(&left); err != nil || left != 0 {
			t.Fatalf("%d payments still wait for their invoice (%v)", left, err)
		}
	})
}
