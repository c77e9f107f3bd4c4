package backoffice_test

import (
	"testing"
	"time"

	"lockers/internal/backoffice"
)

// The server log tells a payment's whole story at its own times: the attempt
// when it began, "paid" when it went through, each refund when the money went
// back, a partial one said to be partial (issue 30: refund times were the
// attempt's, "paid" was lost and partial refunds never showed).
func TestServerLogShowsPaidAndRefundsAtTheirTimes(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		mari := o.user("mari@example.com", "Mari", "Tamm", t0)
		ord := o.order(mari, 1, "booked", t0)
		created := t0.Add(time.Minute)
		pay := o.paid(mari, ord, 1000, created)
		o.exec(`UPDATE payments SET paid_at = $2 WHERE id = $1`, pay, created.Add(30*time.Second).UTC())
		o.refunded(mari, ord, pay, 300, t0.Add(3*time.Hour))

		p, err := o.svc.Activity(o.ctx(), backoffice.ActivityFilter{Source: backoffice.SourcePayment, UserID: mari})
		must(t, err)
		var got []string
		for _, a := range p.Items {
			got = append(got, a.Source+":"+a.What+"@"+a.At.Sub(t0).String()+":"+a.Detail)
		}
		want := []string{"refund:partial@3h0m0s:300 EUR", "paid:paid@1m30s:1000 EUR", "payment:paid@1m0s:1000 EUR"}
		if len(got) != len(want) {
			t.Fatalf("log %v, want %v", got, want)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("log %v, want %v", got, want)
			}
		}
		// Paging by key goes through the sources of one instant and on.
		first, err := o.svc.Activity(o.ctx(), backoffice.ActivityFilter{Source: backoffice.SourcePayment, Limit: 1})
		must(t, err)
		rest, err := o.svc.Activity(o.ctx(), backoffice.ActivityFilter{Source: backoffice.SourcePayment, Limit: 5, Cursor: first.Next})
		must(t, err)
		if len(first.Items) != 1 || len(rest.Items) != 2 || rest.Items[0].Source != backoffice.SourcePaid {
			t.Fatalf("pages: %+v then %+v", first.Items, rest.Items)
		}
	})
}
