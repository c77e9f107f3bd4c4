package notifysql_test

import (
	"context"
	"testing"
	"time"

	"lockers/internal/jobs/jobstest"
	"lockers/internal/order"
	"lockers/internal/store/storetest"
)

// TestTwoProcessesNeverRemindTwice runs two lockerd's notifications on one
// database, each with its own pool and queue: every reminder made due reaches
// the user once, in the list and by push, however the two share the work.
func TestTwoProcessesNeverRemindTwice(t *testing.T) {
	t.Parallel() // a database, a queue and a sink of its own
	jobstest.EachMigratedURL(t, func(t *testing.T, url string) {
		out := newSent()
		a := start(t, storetest.Open(t, url), out)
		b := start(t, storetest.Open(t, url), out)
		ctx := context.Background()
		const orders = 20
		u := user(t, a.db, "en", "tok-shared")
		var ids []string
		for i := range orders {
			id := reserved(t, a.db, u, 2*time.Hour+time.Duration(i)*time.Minute, time.Hour)
			// Booked half through each process: both schedule, both work.
			p := []proc{a, b}[i%2]
			p.change(t, u, id, func(o *order.Order) { o.Status = order.Booked })
			ids = append(ids, id)
		}
		for i, id := range ids {
			// Either process may move the clock; both race to work the jobs.
			if n, err := []proc{b, a}[i%2].svc.RemindNow(ctx, id); err != nil || n != 3 {
				t.Fatalf("order %d: %d due, %v", i, n, err)
			}
		}
		const want = orders * 4 // booking confirmed + three reminders each
		eventually(t, "every reminder delivered", func() bool {
			total, _ := out.pushes()
			return total >= want
		})
		drained(t, a.db) // a duplicate would have come from a job still to run
		total, most := out.pushes()
		if total != want || most != 1 {
			t.Errorf("%d pushes (want %d), at most %d of one notification (want 1)", total, want, most)
		}
		var n int
		if err := a.db.QueryRowContext(ctx, `SELECT count(*) FROM notifications WHERE user_id = $1`, u).Scan(&n); err != nil || n != want {
			t.Errorf("%d notifications stored (want %d), %v", n, want, err)
		}
	})
}
