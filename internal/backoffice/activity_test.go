package backoffice_test

import (
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/apperr"
	"lockers/internal/backoffice"
	"lockers/internal/demo"
)

// TestActivityMergesTheServersLog: sign-ins, door commands, payments, webhooks
// and station events come merged newest first, paged by key across sources
// (rows of one instant included), filtered by source, user and time; the
// order's page lists its door commands.
func TestActivityMergesTheServersLog(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		mari := o.user("mari@example.com", "Mari", "Tamm", t0)
		jaan := o.user("jaan@example.com", "Jaan", "Kask", t0)
		device := uuid.NewString()
		o.exec(`INSERT INTO devices (id, user_id, device_name, platform, created_at, updated_at) VALUES ($1, $2, 'Pixel 9', 'android', $3, $3)`,
			device, mari, t0)
		signIn := func(user string, at time.Time) {
			o.exec(`INSERT INTO sessions (id, user_id, device_id, token_hash, created_at, last_seen_at, expires_at)
				VALUES ($1, $2, $3, $4, $5, $5, $6)`, uuid.NewString(), user, device, uuid.NewString()+uuid.NewString()[:28], at, at.Add(time.Hour))
		}
		signIn(mari, t0.Add(1*time.Minute))
		signIn(jaan, t0.Add(2*time.Minute))
		order := o.order(mari, 1, "active", t0)
		o.lockerFor(order, 1, 1, t0.Add(time.Hour))
		var ol string
		if err := o.db.QueryRowContext(o.ctx(), `SELECT id FROM order_lockers WHERE order_id = $1`, order).Scan(&ol); err != nil {
			t.Fatal(err)
		}
		at := t0.Add(3 * time.Minute) // a door command, a payment and a webhook at one instant
		o.exec(`INSERT INTO door_commands (id, station_id, locker_id, order_locker_id, reason, created_at, accepted_at, opened_at)
			VALUES ($1, $2, $3, $4, 'app', $5, $5, $5)`, uuid.NewString(), demo.Stations[0].ID, demo.LockerID(1, 1), ol, at)
		o.exec(`INSERT INTO payments (id, user_id, order_id, kind, flow, provider, idempotency_key, amount_cents, vat_cents, currency,
			lines, state, created_at, updated_at) VALUES ($1, $2, $3, 'order', 'link', 'demo', $4, 500, 90, 'EUR', '[]', 'paid', $5, $5)`,
			uuid.NewString(), mari, order, uuid.NewString(), at)
		o.exec(`INSERT INTO webhook_events (provider, event_id, type, received_at) VALUES ('demo', 'evt_1', 'payment.succeeded', $1)`, at)
		o.exec(`INSERT INTO station_events (id, station_id, kind, received_at) VALUES ('ev-1', $1, 'status', $2)`,
			demo.Stations[0].ID, t0.Add(4*time.Minute))

		var all []backoffice.ActivityRow
		cursor := ""
		for {
			p, err := o.svc.Activity(o.ctx(), backoffice.ActivityFilter{Cursor: cursor, Limit: 2})
			must(t, err)
			all = append(all, p.Items...)
			if p.Next == "" {
				break
			}
			cursor = p.Next
		}
		want := []string{"station/status", "door/app", "payment/paid", "webhook/payment.succeeded", "signin/signin", "signin/signin"}
		if len(all) != len(want) {
			t.Fatalf("%d rows, want %d: %+v", len(all), len(want), all)
		}
		for i, r := range all {
			if got := r.Source + "/" + r.What; got != want[i] {
				t.Fatalf("row %d is %s, want %s (%+v)", i, got, want[i], all)
			}
		}
		if d := all[1]; d.Detail != "opened" || d.UserID != mari || d.Subject == "" {
			t.Fatalf("door row %+v", d)
		}
		if s := all[0]; s.Subject != demo.Stations[0].Name {
			t.Fatalf("station row %+v", s)
		}
		if s := all[5]; s.UserID != mari || s.Subject != "Pixel 9" {
			t.Fatalf("Mari's sign-in %+v", s)
		}

		p, err := o.svc.Activity(o.ctx(), backoffice.ActivityFilter{UserID: mari})
		must(t, err)
		if len(p.Items) != 3 { // her sign-in, door command and payment; no webhook or station rows
			t.Fatalf("Mari's activity %+v", p.Items)
		}
		p, err = o.svc.Activity(o.ctx(), backoffice.ActivityFilter{Source: backoffice.SourceSignIn, From: t0.Add(90 * time.Second)})
		must(t, err)
		if len(p.Items) != 1 || p.Items[0].UserID != jaan {
			t.Fatalf("sign-ins from t0+90s %+v", p.Items)
		}
		_, err = o.svc.Activity(o.ctx(), backoffice.ActivityFilter{Source: "nope"})
		wantCode(t, err, apperr.BadInput)
		_, err = o.svc.Activity(o.ctx(), backoffice.ActivityFilter{Cursor: "bm9wZQ"})
		wantCode(t, err, apperr.BadInput)

		d, err := o.svc.Order(o.ctx(), order)
		must(t, err)
		if len(d.Doors) != 1 || d.Doors[0].Reason != "app" || d.Doors[0].OpenedAt.IsZero() || d.Doors[0].Label == "" {
			t.Fatalf("order's doors %+v", d.Doors)
		}
	})
}
