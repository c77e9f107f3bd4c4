package jobs_test

import (
	"context"
	"encoding/json"
	"errors"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"lockers/internal/jobs"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// TestClaimDueTx: a claim takes only due, unfetched jobs of its kind, up to
// its limit, completes them when its transaction commits and gives them back
// when it rolls back; a job claimed once is never claimed again.
func TestClaimDueTx(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if err := jobs.Migrate(ctx, db); err != nil {
			t.Fatal(err)
		}
		q, err := jobs.New(db, jobs.Options{Log: quiet, Workers: func(w *river.Workers) {
			river.AddWorker(w, &noteWorker{})
			river.AddWorker(w, river.WorkFunc(func(context.Context, *river.Job[otherArgs]) error { return nil }))
		}})
		if err != nil {
			t.Fatal(err)
		}
		// Not started: nothing fetches the jobs but the claims below.
		var params []river.InsertManyParams
		for _, n := range []string{"a", "b", "c"} {
			params = append(params, river.InsertManyParams{Args: noteArgs{Note: n}})
		}
		params = append(params, river.InsertManyParams{Args: noteArgs{Note: "later"},
			InsertOpts: &river.InsertOpts{ScheduledAt: time.Now().Add(time.Hour)}})
		params = append(params, river.InsertManyParams{Args: otherArgs{}})
		if err := db.InTx(ctx, func(tx *store.Tx) error { return q.InsertManyTx(ctx, tx, params) }); err != nil {
			t.Fatal(err)
		}
		claim := func(limit int) []string {
			var notes []string
			if err := db.InTx(ctx, func(tx *store.Tx) error {
				got, err := q.ClaimDueTx(ctx, tx, noteArgs{}.Kind(), limit)
				for _, c := range got {
					var a noteArgs
					if err := json.Unmarshal(c.Args, &a); err != nil {
						return err
					}
					notes = append(notes, a.Note)
				}
				return err
			}); err != nil {
				t.Fatal(err)
			}
			sort.Strings(notes)
			return notes
		}

		rollback := errors.New("rolled back")
		err = db.InTx(ctx, func(tx *store.Tx) error {
			got, err := q.ClaimDueTx(ctx, tx, noteArgs{}.Kind(), 10)
			if err != nil {
				return err
			}
			if len(got) != 3 {
				t.Errorf("claimed %d in the rolled-back transaction, want 3", len(got))
			}
			return rollback
		})
		if !errors.Is(err, rollback) {
			t.Fatal(err)
		}
		if got := claim(2); len(got) != 2 {
			t.Fatalf("limit 2 claimed %v", got)
		}
		if got := claim(10); len(got) != 1 {
			t.Fatalf("second claim %v, want the one left", got)
		}
		if got := claim(10); len(got) != 0 {
			t.Fatalf("third claim %v, want nothing", got)
		}
		// The claimed jobs left the queue; the later one and the other kind wait.
		left := storetest.Column[string](t, db, `SELECT kind FROM river_job WHERE state <> 'completed' ORDER BY kind`)
		if want := []string{noteArgs{}.Kind(), otherArgs{}.Kind()}; strings.Join(left, ",") != strings.Join(want, ",") {
			t.Errorf("jobs left %v, want %v (the later one and the other kind)", left, want)
		}
	})
}

type otherArgs struct{}

func (otherArgs) Kind() string { return "test_other" }
