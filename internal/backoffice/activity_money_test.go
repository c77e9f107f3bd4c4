package backoffice_test

import (
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/backoffice"
	"lockers/internal/demo"
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

// A door row names the station and the compartment, and an operator's open
// names the operator (from the audit row the open wrote just before).
func TestServerLogDoorRowsNameStationCompartmentAndOperator(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		at := t0.Add(time.Hour)
		o.exec(`INSERT INTO audit_log (id, actor_id, action, target_type, target_id, before_json, after_json, note, created_at)
			VALUES ($1, $2, 'admin.stations.openDoor', 'compartment', $3, '{}', '{}', 'stuck parcel', $4)`,
			uuid.NewString(), o.admin, demo.LockerID(1, 3), at.Add(-time.Second).UTC())
		o.exec(`INSERT INTO door_commands (id, station_id, locker_id, reason, created_at, accepted_at, opened_at)
			VALUES ($1, $2, $3, 'repair', $4, $4, $4)`, uuid.NewString(), demo.Stations[0].ID, demo.LockerID(1, 3), at.UTC())
		p, err := o.svc.Activity(o.ctx(), backoffice.ActivityFilter{Source: backoffice.SourceDoor})
		must(t, err)
		if len(p.Items) != 1 {
			t.Fatalf("door rows %+v", p.Items)
		}
		want := demo.Stations[0].Name + " · A03 · admin@example.com"
		if got := p.Items[0].Subject; got != want {
			t.Fatalf("door row subject %q, want %q", got, want)
		}
	})
}
