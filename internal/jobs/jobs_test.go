package jobs_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"lockers/internal/jobs"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// noteArgs is a one-off job that records its note.
type noteArgs struct {
	Note string `json:"note"`
}

func (noteArgs) Kind() string { return "test_note" }

type noteWorker struct {
	river.WorkerDefaults[noteArgs]
	mu    *sync.Mutex
	notes map[string]int
}

func (w *noteWorker) Work(_ context.Context, j *river.Job[noteArgs]) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.notes[j.Args.Note]++
	return nil
}

// process is one lockerd's queue on its own connection pool.
type process struct {
	db *store.DB
	q  *jobs.Queue
}

// TestTwoProcessesShareTheWork runs two queues on one database, as two
// lockerd processes would: a periodic work never runs in both at once nor
// piles up, a job inserted in a committed transaction is worked once, and one
// inserted in a rolled-back transaction never.
func TestTwoProcessesShareTheWork(t *testing.T) {
	storetest.EachMigratedURL(t, func(t *testing.T, url string) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		var (
			running, overlaps, runs atomic.Int32
			mu                      sync.Mutex
			notes                   = map[string]int{}
		)
		tick := jobs.Periodic{Name: "tick", Every: 500 * time.Millisecond, Run: func(context.Context) error {
			if running.Add(1) > 1 {
				overlaps.Add(1)
			}
			runs.Add(1)
			time.Sleep(50 * time.Millisecond)
			running.Add(-1)
			return nil
		}}
		var procs []process
		for range 2 {
			db := storetest.Open(t, url)
			if err := jobs.Migrate(ctx, db); err != nil {
				t.Fatal(err)
			}
			q, err := jobs.New(db, jobs.Options{Periodic: []jobs.Periodic{tick}, PollEvery: 100 * time.Millisecond,
				Log: quiet, Workers: func(w *river.Workers) { river.AddWorker(w, &noteWorker{mu: &mu, notes: notes}) }})
			if err != nil {
				t.Fatal(err)
			}
			if err := q.Start(ctx); err != nil {
				t.Fatal(err)
			}
			procs = append(procs, process{db, q})
		}
		defer func() {
			for _, p := range procs {
				if err := p.q.Stop(ctx); err != nil {
					t.Error(err)
				}
			}
		}()

		kept := procs[0].db.InTx(ctx, func(tx *store.Tx) error {
			return procs[0].q.InsertTx(ctx, tx, noteArgs{Note: "kept"}, nil)
		})
		undone := errors.New("undone")
		dropped := procs[1].db.InTx(ctx, func(tx *store.Tx) error {
			if err := procs[1].q.InsertTx(ctx, tx, noteArgs{Note: "dropped"}, nil); err != nil {
				return err
			}
			return undone
		})
		if kept != nil || !errors.Is(dropped, undone) {
			t.Fatalf("inserts: %v, %v", kept, dropped)
		}

		// A leader is elected first; then one leader schedules the periodic
		// work: about window/Every runs, not twice as many.
		for deadline := time.Now().Add(30 * time.Second); runs.Load() == 0; time.Sleep(20 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatal("the periodic work never ran")
			}
		}
		const window = 4 * time.Second
		before := runs.Load()
		time.Sleep(window)
		if n := runs.Load() - before; n < 2 || n > int32(window/tick.Every)+2 {
			t.Errorf("the periodic work ran %d times in %s every %s", n, window, tick.Every)
		}
		mu.Lock()
		got := map[string]int{"kept": notes["kept"], "dropped": notes["dropped"]}
		mu.Unlock()
		if got["kept"] != 1 || got["dropped"] != 0 {
			t.Errorf("jobs worked %v, want kept once and dropped never", got)
		}
		if n := overlaps.Load(); n != 0 {
			t.Errorf("the periodic work ran %d times while another run was running", n)
		}
	})
}
