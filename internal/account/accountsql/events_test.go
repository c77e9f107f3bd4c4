package accountsql_test

import (
	"context"
	"testing"

	"lockers/internal/account"
	"lockers/internal/store"
)

func TestEventsKeepTheirUserAndDevice(t *testing.T) {
	each(t, func(t *testing.T, ctx context.Context, s account.Storage, db *store.DB) {
		must(t, s.Events.InsertEvent(ctx, account.Event{ID: "e1e1e1e1-0000-4000-8000-000000000001", Type: "sign-up",
			Source: "web", Campaign: "default", CreatedAt: t0}))
		if n := count(t, db, `SELECT count(*) FROM events WHERE type = 'sign-up' AND user_id IS NULL AND device_id IS NULL`); n != 1 {
			t.Fatalf("anonymous event stored %d times", n)
		}
		u := newUser(t, ctx, s, "e@example.ee")
		_, d := newSession(t, ctx, s.Sessions, u.ID, hash64('e'))
		must(t, s.Events.InsertEvent(ctx, account.Event{ID: "e1e1e1e1-0000-4000-8000-000000000002", Type: "login",
			UserID: u.ID, DeviceID: d.ID, Source: "app", Campaign: "spring", CreatedAt: t0}))
		if n := count(t, db, `SELECT count(*) FROM events WHERE type = 'login' AND user_id = $1 AND device_id = $2
			AND source = 'app' AND campaign = 'spring' AND created_at = $3`, u.ID, d.ID, t0); n != 1 {
			t.Fatalf("signed-in event stored %d times with its user, device, source and campaign", n)
		}
	})
}
