package backoffice_test

import (
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/backoffice"
)

// TestEventsFilterAndPages: client events come newest first, filtered by type,
// user and time, paged by key.
func TestEventsFilterAndPages(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		mari := o.user("mari@example.com", "Mari", "Tamm", t0)
		for i := 0; i < 5; i++ {
			o.exec(`INSERT INTO events (id, type, user_id, source, campaign, created_at) VALUES ($1, $2, $3, 'web', 'default', $4)`,
				uuid.NewString(), "login", mari, t0.Add(time.Duration(i)*time.Minute))
		}
		o.exec(`INSERT INTO events (id, type, user_id, source, campaign, created_at) VALUES ($1, 'sign-up', NULL, 'web', 'x', $2)`,
			uuid.NewString(), t0.Add(time.Hour))
		n, cursor, last := 0, "", time.Time{}
		for {
			p, err := o.svc.Events(o.ctx(), backoffice.EventFilter{Type: "login", UserID: mari, Cursor: cursor, Limit: 2})
			must(t, err)
			for _, e := range p.Events {
				if e.Type != "login" || (!last.IsZero() && e.CreatedAt.After(last)) {
					t.Fatalf("event %+v after %v", e, last)
				}
				last = e.CreatedAt
			}
			n += len(p.Events)
			if p.Next == "" {
				break
			}
			cursor = p.Next
		}
		if n != 5 {
			t.Fatalf("%d login events, want 5", n)
		}
		p, err := o.svc.Events(o.ctx(), backoffice.EventFilter{From: t0.Add(30 * time.Minute)})
		must(t, err)
		if len(p.Events) != 1 || p.Events[0].Type != "sign-up" || p.Events[0].UserID != "" {
			t.Fatalf("events from t0+30m: %+v", p.Events)
		}
	})
}
