package notifysql_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/adapters/fcm"
	"lockers/internal/demo"
	"lockers/internal/jobs"
	"lockers/internal/notify"
	"lockers/internal/notify/notifysql"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// remindersTotal is issue 16's figure: 100,000 reminders scheduled and
// delivered (by push, through the log adapter) within 120 s on SQLite and
// 60 s on PostgreSQL.
const remindersTotal = 100_000

// BenchmarkReminders100k schedules remindersTotal reminders of booked orders,
// all due now, and times until every one is in its user's list and its push
// delivery job has run. Setup (users, orders) is not timed. Each iteration
// makes its own database. docs/benchmarks.md.
func BenchmarkReminders100k(b *testing.B) {
	for _, engine := range []string{"sqlite", "postgres"} {
		b.Run(engine, func(b *testing.B) {
			for range b.N {
				b.StopTimer()
				var db *store.DB
				if engine == "sqlite" {
					db = storetest.SQLite(b)
				} else {
					db = storetest.Postgres(b)
				}
				elapsed, scheduled := remindAll(b, db)
				b.ReportMetric(elapsed.Seconds(), "s/100k")
				b.ReportMetric(scheduled.Seconds(), "s-scheduling")
				b.ReportMetric(remindersTotal/elapsed.Seconds(), "reminders/s")
			}
		})
	}
}

func remindAll(b *testing.B, db *store.DB) (total, scheduling time.Duration) {
	ctx := context.Background()
	if err := jobs.Migrate(ctx, db); err != nil {
		b.Fatal(err)
	}
	if err := demo.Seed(ctx, db); err != nil {
		b.Fatal(err)
	}
	// 1,000 users, each with a device and 100 booked orders ending in two hours.
	const users, perUser = 1000, remindersTotal / 1000
	now := time.Now().UTC().Truncate(time.Second)
	end := now.Add(2 * time.Hour)
	var reminders []notify.Reminder
	for u := range users {
		uid := uuid.NewString()
		err := db.InTx(ctx, func(tx *store.Tx) error {
			if _, err := tx.ExecContext(ctx, `INSERT INTO users (id, email, language, verified_at, created_at, updated_at)
				VALUES ($1, $2, $3, $4, $4, $4)`, uid, uid+"@example.com", []string{"en", "et"}[u%2], now); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO notification_settings (user_id, push, email, sms, updated_at)
				VALUES ($1, true, false, false, $2)`, uid, now); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO devices (id, user_id, push_type, push_token, created_at, updated_at)
				VALUES ($1, $2, 'fcm', $3, $4, $4)`, uuid.NewString(), uid, "tok-"+uid, now); err != nil {
				return err
			}
			rows := make([]string, 0, perUser)
			args := []any{uid, demo.Stations[0].ID, now.Add(time.Hour), end}
			for range perUser {
				id := uuid.NewString()
				args = append(args, id)
				rows = append(rows, fmt.Sprintf(`($%d, $1, $2, 'booked', 'small', 'standard', 'cool', $3, $4, $3, $3, $3)`, len(args)))
				reminders = append(reminders, notify.Reminder{OrderID: id, Kind: notify.EndsSoon, At: end, Due: now})
			}
			_, err := tx.ExecContext(ctx, `INSERT INTO orders (id, user_id, station_id, status, height, type,
				temperature, starts_at, ends_at, reserved_until, created_at, updated_at) VALUES `+strings.Join(rows, ", "), args...)
			return err
		})
		if err != nil {
			b.Fatal(err)
		}
	}

	svc, err := notify.NewService(notify.Deps{Store: notifysql.New(db), Push: fcm.Log{Logger: quiet}, Mail: newSent(),
		SMS: newSent(), Logger: quiet})
	if err != nil {
		b.Fatal(err)
	}
	q, err := jobs.New(db, jobs.Options{Workers: workers(svc), Log: quiet, MaxWorkers: 100,
		PollEvery: 20 * time.Millisecond})
	if err != nil {
		b.Fatal(err)
	}
	svc.UseQueue(q)

	b.StartTimer()
	began := time.Now()
	for i := 0; i < len(reminders); i += 5000 {
		batch := reminders[i:min(i+5000, len(reminders))]
		if err := db.InTx(ctx, func(tx *store.Tx) error { return svc.ScheduleManyTx(ctx, tx, batch) }); err != nil {
			b.Fatal(err)
		}
	}
	scheduling = time.Since(began)
	if err := q.Start(ctx); err != nil {
		b.Fatal(err)
	}
	for {
		// The notifications first: counting the jobs scans river_job, so it
		// waits until every reminder is in a list.
		var made, left int
		if err := db.QueryRowContext(ctx, `SELECT count(*) FROM notifications`).Scan(&made); err != nil {
			b.Fatal(err)
		}
		left = -1
		if made == remindersTotal {
			if err := db.QueryRowContext(ctx, `SELECT count(*) FROM river_job WHERE state <> 'completed'`).Scan(&left); err != nil {
				b.Fatal(err)
			}
		}
		if left == 0 && made == remindersTotal {
			break
		}
		if time.Since(began) > 10*time.Minute {
			b.Fatalf("after 10 minutes: %d notifications, %d jobs left", made, left)
		}
		time.Sleep(250 * time.Millisecond)
	}
	elapsed := time.Since(began)
	b.StopTimer()
	stop, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	_ = q.Stop(stop)
	return elapsed, scheduling
}
