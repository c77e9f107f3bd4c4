package backoffice_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/backoffice"
	"lockers/internal/backoffice/officesql"
	"lockers/internal/payment"
)

// books is a provider's ledger for the test: its entries of [from, to).
type books struct{ entries []payment.LedgerEntry }

func (b books) ProviderLedger(_ context.Context, from, to time.Time) ([]payment.LedgerEntry, error) {
	var out []payment.LedgerEntry
	for _, e := range b.entries {
		if !e.At.Before(from) && e.At.Before(to) {
			out = append(out, e)
		}
	}
	return out, nil
}

// TestReconciliationFlagsEveryDifference: a day with a payment in order, one
// without invoice, one invoiced for another amount, a partial refund with its
// credit note and a stale link's payment refunded as surplus (no documents
// due) against a provider that moved another amount for one, never saw one
// and moved money nobody recorded: each difference is listed once, the
// agreeing entries not at all.
func TestReconciliationFlagsEveryDifference(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		mari := o.user("mari@example.com", "Mari", "Tamm", t0)
		order := o.order(mari, 1, "booked", t0)
		at := t0.Add(time.Hour)
		pay := func(cents int64) string {
			id := uuid.NewString()
			o.exec(`INSERT INTO payments (id, user_id, order_id, kind, flow, provider, idempotency_key, amount_cents,
				vat_cents, currency, lines, state, created_at, updated_at, paid_at)
				VALUES ($1, $2, $3, 'order', 'link', 'demo', $5, $6, 0, 'EUR', '[]', 'paid', $4, $4, $4)`,
				id, mari, order, at, "key-"+id, cents)
			return id
		}
		refund := func(paymentID string, cents int64, reason string) string {
			id := uuid.NewString()
			o.exec(`INSERT INTO refunds (id, payment_id, order_id, user_id, provider, amount_cents, vat_cents, currency,
				reason, state, created_at, updated_at, refunded_at)
				VALUES ($1, $2, $3, $4, 'demo', $5, 0, 'EUR', $6, 'succeeded', $7, $7, $7)`,
				id, paymentID, order, mari, cents, reason, at)
			return id
		}
		seq := 0
		document := func(paymentID, refundID, credits string, gross int64) string {
			id := uuid.NewString()
			seq++
			kind := "invoice"
			if refundID != "" {
				kind = "credit_note"
			}
			o.exec(`INSERT INTO invoices (id, kind, year, seq, number, user_id, order_id, payment_id, refund_id,
				credits_invoice_id, state, currency, net_cents, vat_cents, gross_cents, created_at)
				VALUES ($1, $2, 2026, $3, $4, $5, $6, $7, $8, $9, 'paid', 'EUR', $10, 0, $10, $11)`,
				id, kind, seq, fmt.Sprintf("2026-%06d", seq), mari, order, paymentID, nullable(refundID), nullable(credits),
				gross, at)
			return id
		}
		a, b, c, s := pay(500), pay(300), pay(700), pay(210)
		o.exec(`UPDATE payments SET provider_ref = 'pi_s' WHERE id = $1`, s)
		invA := document(a, "", "", 500)
		document(c, "", "", 600)
		r1 := refund(a, 200, "partial")
		document(a, r1, invA, -200)
		sr := refund(s, 210, "surplus")

		ledger := books{entries: []payment.LedgerEntry{
			{Ref: "txn_a", At: at, Kind: payment.LedgerPayment, AmountCents: 500, PaymentID: a},
			{Ref: "txn_b", At: at, Kind: payment.LedgerPayment, AmountCents: 250, PaymentID: b},
			{Ref: "txn_r1", At: at, Kind: payment.LedgerRefund, AmountCents: -200, RefundID: r1},
			{Ref: "txn_s", At: at, Kind: payment.LedgerPayment, AmountCents: 210, SourceRef: "pi_s"}, // no metadata: by its intent
			{Ref: "txn_sr", At: at, Kind: payment.LedgerRefund, AmountCents: -210, RefundID: sr},
			{Ref: "txn_x", At: at, Kind: payment.LedgerPayment, AmountCents: 999, PaymentID: uuid.NewString()},
		}}
		svc, err := backoffice.NewService(backoffice.Deps{Store: officesql.New(o.db, func() time.Time { return t0.Add(24 * time.Hour) }),
			Ledger: ledger, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		must(t, err)
		r, err := svc.Reconcile(o.ctx(), t0)
		must(t, err)
		var got []string
		for _, d := range r.Differences {
			got = append(got, fmt.Sprintf("%s %s %s %d/%d", d.Kind, d.ID, d.Problem, d.OursCents, d.OtherCents))
		}
		slices.Sort(got)
		want := []string{
			"payment " + b + " no_document 300/0",
			"payment " + b + " provider_amount 300/250",
			"payment " + c + " document_amount 700/600",
			"payment " + c + " not_at_provider 700/0",
			"payment txn_x only_at_provider 0/999",
		}
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("differences:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if !r.ProviderChecked || r.PaidCents != 1710 || r.RefundedCents != 410 || r.InvoicedCents != 1100 ||
			r.CreditedCents != 200 || r.ProviderPaidCents != 1959 || r.ProviderRefundedCents != 410 {
			t.Fatalf("totals %+v", r)
		}
		// Another day has nothing to compare.
		empty, err := svc.Reconcile(o.ctx(), t0.Add(-48*time.Hour))
		must(t, err)
		if len(empty.Differences) != 0 || empty.PaidCents != 0 {
			t.Fatalf("an empty day: %+v", empty)
		}
	})
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}
