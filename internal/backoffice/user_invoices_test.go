package backoffice_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"
)

// TestUserPageListsInvoices: a user's page lists their own invoices and credit
// notes, newest number first, each naming its order (for the PDF and the
// order's link), and not another user's.
func TestUserPageListsInvoices(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		mari := o.user("mari@example.com", "Mari", "Tamm", t0)
		jaan := o.user("jaan@example.com", "Jaan", "Kask", t0)
		first := o.order(mari, 1, "finalized", t0)
		second := o.order(mari, 1, "refunded", t0.Add(time.Hour))
		other := o.order(jaan, 1, "finalized", t0)
		invoice := func(kind string, seq int, user, order string, credits any) string {
			id := uuid.NewString()
			refund := any(nil)
			if kind == "credit_note" {
				refund = "re_" + id
			}
			o.exec(`INSERT INTO invoices (id, kind, year, seq, number, user_id, order_id, payment_id, refund_id,
				credits_invoice_id, state, currency, net_cents, vat_cents, gross_cents, created_at)
				VALUES ($1, $2, 2026, $3, $4, $5, $6, $7, $8, $9, 'paid', 'EUR', 100, 24, 124, $10)`,
				id, kind, seq, fmt.Sprintf("A-2026-%05d", seq), user, order, "pay_"+order, refund, credits, t0.UTC())
			return id
		}
		a := invoice("invoice", 1, mari, first, nil)
		b := invoice("invoice", 2, mari, second, nil)
		invoice("invoice", 3, jaan, other, nil)
		c := invoice("credit_note", 4, mari, second, b)
		d, err := o.svc.User(o.ctx(), mari)
		must(t, err)
		var got []string
		for _, v := range d.Invoices {
			got = append(got, v.ID+" "+v.Kind+" "+v.OrderID)
		}
		want := []string{c + " credit_note " + second, b + " invoice " + second, a + " invoice " + first}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("invoices %v, want %v", got, want)
		}
	})
}
