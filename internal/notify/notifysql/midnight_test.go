package notifysql_test

import (
	"strings"
	"sync"
	"testing"
	"time"

	"lockers/internal/jobs/jobstest"
	"lockers/internal/notify"
	"lockers/internal/order"
	"lockers/internal/store"
)

// A reminder due at midnight in Tallinn (22:00 UTC in winter, when the UTC date
// is still the day before) goes out when the queue's clock reaches it, not
// before, and says the end on the station's clock and date. The service and the
// queue, River included, run on a clock of the test's. It runs from a minute
// before that midnight while the test sets up, and is moved to 10 s before it
// just before the booking is saved: reminders are scheduled at that save, and one
// already due then is not sent, so setup taking longer than the margin (it did
// under -race on a loaded machine) must not eat into it.
func TestReminderDueAtLocalMidnight(t *testing.T) {
	t.Parallel()
	jobstest.Each(t, func(t *testing.T, db *store.DB) {
		tz := tallinn(t)
		midnight := time.Date(2026, 12, 5, 0, 0, 0, 0, tz) // 2026-12-04T22:00:00Z
		var mu sync.Mutex
		from, real := midnight.Add(-time.Minute), time.Now()
		now := func() time.Time { mu.Lock(); defer mu.Unlock(); return from.Add(time.Since(real)) }
		out := newSent()
		p := startOn(t, db, out, now)
		u := user(t, db, "en", "tok-midnight")
		// Booked for 21:00 to 01:00 at the station: the end's reminder is due at 00:00.
		id := reservedAt(t, db, u, now(), midnight.Add(-3*time.Hour), midnight.Add(time.Hour))
		mu.Lock()
		from, real = midnight.Add(-10*time.Second), time.Now()
		mu.Unlock()
		p.change(t, u, id, func(o *order.Order) { o.Status = order.Booked })

		var ends notify.Notification
		eventually(t, "the ends-soon reminder", func() bool {
			for _, n := range list(t, p, u).Items {
				if n.Kind == notify.EndsSoon {
					ends = n
					return true
				}
			}
			return false
		})
		if ends.CreatedAt.Before(midnight) {
			t.Fatalf("the reminder due at %v went out at %v", midnight, ends.CreatedAt)
		}
		if !strings.Contains(ends.Body, "by 5 Dec 2026, 01:00") {
			t.Fatalf("the reminder says %q, not the end on the station's clock", ends.Body)
		}
		for _, n := range list(t, p, u).Items {
			if n.Kind == notify.StartsSoon {
				t.Fatalf("a start already past on the clock was reminded: %+v", n)
			}
		}
	})
}
