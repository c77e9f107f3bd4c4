package notifysql_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/demo"
	"lockers/internal/jobs/jobstest"
	"lockers/internal/notify"
	"lockers/internal/store"
)

// perUser is the reminders of each user in TestRemindersInBatches.
const perUser = 100

// TestRemindersInBatches: many reminders due at once are worked in batches
// (one job takes over the others) and their pushes sent a batch a job: each
// reminder reaches the list and the device once; a push that fails in a batch
// is retried on its own, not with the batch (no one else's push twice); a user
// who turned push off gets none, and a reminder whose order was cancelled
// since (by an operator, past the hook) says nothing.
func TestRemindersInBatches(t *testing.T) {
	t.Parallel() // a database, a queue and a sink of its own
	jobstest.Each(t, func(t *testing.T, db *store.DB) {
		out := newSent()
		ctx := context.Background()
		flaky, steady, silent := user(t, db, "en", "tok-flaky"), user(t, db, "et", "tok-steady"), user(t, db, "en", "tok-silent")
		out.fail["tok-flaky"] = 1
		for u, push := range map[string]bool{flaky: true, steady: true, silent: false} {
			if _, err := db.ExecContext(ctx, `INSERT INTO notification_settings (user_id, push, email, sms, updated_at)
				VALUES ($1, $2, false, false, $3)`, u, push, time.Now().UTC()); err != nil {
				t.Fatal(err)
			}
		}
		var rs []notify.Reminder
		for _, u := range []string{flaky, steady, silent} {
			rs = append(rs, booked(t, db, u, perUser)...)
		}
		if _, err := db.ExecContext(ctx, `UPDATE orders SET status = 'cancelled' WHERE id = $1`, rs[len(rs)-1].OrderID); err != nil {
			t.Fatal(err)
		}
		p := start(t, db, out)
		if err := db.InTx(ctx, func(tx *store.Tx) error { return p.svc.ScheduleManyTx(ctx, tx, rs) }); err != nil {
			t.Fatal(err)
		}
		const want = 2 * perUser // flaky's and steady's; silent's are listed, not pushed
		eventually(t, "the pushes", func() bool {
			total, _ := out.pushes()
			return total >= want
		})
		drained(t, db) // a duplicate would have come from a job still to run
		if total, most := out.pushes(); total != want || most != 1 {
			t.Errorf("%d pushes (want %d), at most %d of one notification (want 1)", total, want, most)
		}
		for u, n := range map[string]int{flaky: perUser, steady: perUser, silent: perUser - 1} {
			if got := list(t, p, u).Unread; got != n {
				t.Errorf("user has %d reminders listed, want %d", got, n)
			}
		}
		var batches, retried int
		if err := db.QueryRowContext(ctx, `SELECT
			(SELECT count(*) FROM river_job WHERE kind = 'notify_push_many'),
			(SELECT count(*) FROM river_job WHERE kind = 'notify_deliver')`).Scan(&batches, &retried); err != nil {
			t.Fatal(err)
		}
		// The queue fetches up to 20 jobs at once, each of which works at least
		// itself; the others are taken over in batches.
		if batches < 1 || batches > 25 || retried != 1 {
			t.Errorf("%d push batches (want 1-25 for %d pushes), %d retried alone (want 1)", batches, want, retried)
		}
	})
}

// booked inserts n booked orders of the user ending in two hours and returns
// their end reminders, due now.
func booked(t *testing.T, db *store.DB, userID string, n int) []notify.Reminder {
	t.Helper()
	ctx := context.Background()
	if err := demo.Seed(ctx, db); err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC().Truncate(time.Second)
	end := now.Add(2 * time.Hour)
	args := []any{userID, demo.Stations[0].ID, now.Add(time.Hour), end}
	var rows []string
	var rs []notify.Reminder
	for range n {
		id := uuid.NewString()
		args = append(args, id)
		rows = append(rows, fmt.Sprintf(`($%d, $1, $2, 'booked', 'small', 'standard', 'cool', $3, $4, $3, $3, $3)`, len(args)))
		rs = append(rs, notify.Reminder{OrderID: id, Kind: notify.EndsSoon, At: end, Due: now})
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO orders (id, user_id, station_id, status, height, type,
		temperature, starts_at, ends_at, reserved_until, created_at, updated_at) VALUES `+strings.Join(rows, ", "), args...); err != nil {
		t.Fatal(err)
	}
	return rs
}
