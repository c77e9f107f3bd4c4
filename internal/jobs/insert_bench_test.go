package jobs

import (
	"context"
	"io"
	"log/slog"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"lockers/internal/store"
	"lockers/internal/store/storetest"
	"lockers/internal/txn"
)

// BenchmarkBookingJobs measures the jobs a confirmed booking queues in its
// transaction (the confirmation's delivery and three reminders), side by side
// in one run on both databases, the ways compared in docs/benchmarks.md:
//
//	one-by-one: three EnqueueID and one Enqueue, as a booking did (four inserts)
//	batched:    one EnqueueIDs of the four (what a booking does now)
//	pgx-native: (PostgreSQL) the same batch through River's own pgx driver in a
//	            pgx transaction: what riverpgxv5 would give, were the store's
//	            transactions pgx's (they are database/sql's)
//
// Each iteration runs every way once in turn, so load on the machine falls on
// all alike; the figures are µs per booking's transaction (BEGIN ... COMMIT),
// of wall time and of this process's CPU (the Go side: River and the driver).
//
//	go test -run '^$' -bench BookingJobs -benchtime 400x ./internal/jobs/
func BenchmarkBookingJobs(b *testing.B) {
	for _, engine := range []struct {
		name string
		url  func(testing.TB) string
	}{{"sqlite", storetest.MigratedSQLiteURL}, {"postgres", storetest.MigratedPostgresURL}} {
		b.Run(engine.name, func(b *testing.B) {
			ctx := context.Background()
			url := engine.url(b)
			db := storetest.Open(b, url)
			if err := Migrate(ctx, db); err != nil {
				b.Fatal(err)
			}
			q, err := New(db, Options{Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Workers: func(w *river.Workers) {
				river.AddWorker(w, river.WorkFunc(func(context.Context, *river.Job[benchArgs]) error { return nil }))
			}})
			if err != nil {
				b.Fatal(err)
			}
			ways := []struct {
				name string
				run  func(jobs []txn.Job) error
			}{
				{"one-by-one", func(jobs []txn.Job) error {
					return db.InTx(ctx, func(tx *store.Tx) error {
						for _, j := range jobs[1:] {
							if _, err := q.EnqueueID(ctx, tx, j); err != nil {
								return err
							}
						}
						return q.Enqueue(ctx, tx, jobs[0])
					})
				}},
				{"batched", func(jobs []txn.Job) error {
					return db.InTx(ctx, func(tx *store.Tx) error {
						_, err := q.EnqueueIDs(ctx, tx, jobs...)
						return err
					})
				}},
			}
			if db.Dialect() == store.Postgres {
				pool, err := pgxpool.New(ctx, url)
				if err != nil {
					b.Fatal(err)
				}
				defer pool.Close()
				native, err := river.NewClient(riverpgxv5.New(pool), &river.Config{})
				if err != nil {
					b.Fatal(err)
				}
				ways = append(ways, struct {
					name string
					run  func(jobs []txn.Job) error
				}{"pgx-native", func(jobs []txn.Job) error {
					return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
						params := make([]river.InsertManyParams, len(jobs))
						for i, j := range jobs {
							params[i] = river.InsertManyParams{Args: j.Args, InsertOpts: opts(j)}
						}
						_, err := native.InsertManyTx(ctx, tx, params)
						return err
					})
				}})
			}
			spent, cpu := make([]time.Duration, len(ways)), make([]time.Duration, len(ways))
			n := 0
			for b.Loop() {
				due := time.Now().Add(24 * time.Hour)
				jobs := []txn.Job{{Args: benchArgs{Of: "deliver"}, MaxAttempts: 10}}
				for k, of := range []string{"starts_soon", "ends_soon", "ended"} {
					jobs = append(jobs, txn.Job{Args: benchArgs{Of: of, N: n}, At: due.Add(time.Duration(k) * time.Hour), MaxAttempts: 5})
				}
				for i, w := range ways {
					began, cpuBefore := time.Now(), processCPU()
					if err := w.run(jobs); err != nil {
						b.Fatalf("%s: %v", w.name, err)
					}
					spent[i] += time.Since(began)
					cpu[i] += processCPU() - cpuBefore
				}
				n++
			}
			for i, w := range ways {
				b.ReportMetric(float64(spent[i].Microseconds())/float64(n), w.name+"-µs/tx")
				b.ReportMetric(float64(cpu[i].Microseconds())/float64(n), w.name+"-cpu-µs/tx")
			}
		})
	}
}

// processCPU is the user and system CPU this process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

type benchArgs struct {
	Of string `json:"of"`
	N  int    `json:"n"`
}

func (benchArgs) Kind() string { return "bench_booking_job" }
