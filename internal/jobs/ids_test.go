package jobs

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"lockers/internal/store"
	"lockers/internal/store/storetest"
	"lockers/internal/txn"
)

type idArgs struct {
	Note string `json:"note"`
	N    int    `json:"n"`
}

func (idArgs) Kind() string { return "test_ids" }

// TestEnqueueIDsAnswersEachJobsOwnID: one insert of several jobs gives every
// job the id of its own row (its arguments and due time read back by that id),
// and a rolled-back transaction leaves none of them.
func TestEnqueueIDsAnswersEachJobsOwnID(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if err := Migrate(ctx, db); err != nil {
			t.Fatal(err)
		}
		q, err := New(db, Options{Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Workers: func(w *river.Workers) {
			river.AddWorker(w, river.WorkFunc(func(context.Context, *river.Job[idArgs]) error { return nil }))
		}})
		if err != nil {
			t.Fatal(err)
		}
		base := time.Now().Add(time.Hour).Truncate(time.Second)
		var batch []txn.Job
		for i, n := range []string{"c", "a", "b", "a"} {
			batch = append(batch, txn.Job{Args: idArgs{Note: n, N: i}, At: base.Add(time.Duration(i) * time.Minute), MaxAttempts: 5})
		}
		var ids []int64
		if err := db.InTx(ctx, func(tx *store.Tx) error {
			ids, err = q.EnqueueIDs(ctx, tx, batch...)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		if len(ids) != len(batch) {
			t.Fatalf("%d ids for %d jobs", len(ids), len(batch))
		}
		for i, id := range ids {
			j, err := q.client.JobGet(ctx, id)
			if err != nil {
				t.Fatalf("job %d (id %d): %v", i, id, err)
			}
			var got idArgs
			if err := json.Unmarshal(j.EncodedArgs, &got); err != nil {
				t.Fatal(err)
			}
			if got != batch[i].Args.(idArgs) || !j.ScheduledAt.Equal(batch[i].At) || j.MaxAttempts != 5 {
				t.Errorf("id %d of job %d holds %+v due %s (%d tries), want %+v due %s", id, i, got, j.ScheduledAt,
					j.MaxAttempts, batch[i].Args, batch[i].At)
			}
		}
		var rolledBack []int64
		_ = db.InTx(ctx, func(tx *store.Tx) error {
			rolledBack, err = q.EnqueueIDs(ctx, tx, batch[:2]...)
			if err != nil {
				t.Fatal(err)
			}
			return context.Canceled // roll back
		})
		for _, id := range rolledBack {
			if _, err := q.client.JobGet(ctx, id); err == nil {
				t.Errorf("job %d of a rolled-back transaction exists", id)
			}
		}
	})
}

// TestIDsInOrderMatchesRowsReturnedInAnotherOrder: rows that come back in
// another order than the jobs went in are matched by kind and arguments
// (compared as JSON values, whatever their key order or spacing).
func TestIDsInOrderMatchesRowsReturnedInAnotherOrder(t *testing.T) {
	at := time.Date(2026, 6, 5, 9, 0, 0, 0, time.UTC)
	batch := []txn.Job{
		{Args: idArgs{Note: "x", N: 1}, At: at},
		{Args: idArgs{Note: "y", N: 2}, At: at.Add(time.Minute)},
		{Args: idArgs{Note: "x", N: 1}, At: at.Add(2 * time.Minute)},
	}
	row := func(id int64, args string, due time.Time) *rivertype.JobInsertResult {
		return &rivertype.JobInsertResult{Job: &rivertype.JobRow{ID: id, Kind: "test_ids", EncodedArgs: []byte(args),
			ScheduledAt: due}}
	}
	rows := []*rivertype.JobInsertResult{
		row(20, `{"n": 2, "note": "y"}`, at.Add(time.Minute)),
		row(10, `{"n": 1, "note": "x"}`, at),
		row(30, `{"n": 1, "note": "x"}`, at.Add(2*time.Minute)),
	}
	ids, err := idsInOrder(batch, rows)
	if err != nil {
		t.Fatal(err)
	}
	if ids[1] != 20 || ids[0] == ids[2] || (ids[0] != 10 && ids[0] != 30) || (ids[2] != 10 && ids[2] != 30) {
		t.Errorf("ids %v, want 20 for y and 10 and 30 for the two x", ids)
	}
	if _, err := idsInOrder(batch, rows[:2]); err == nil {
		t.Error("two rows for three jobs: no error")
	}
	rows[0] = row(20, `{"n": 3, "note": "y"}`, at.Add(time.Minute))
	if _, err := idsInOrder(batch, rows); err == nil {
		t.Error("no row holds y's arguments: no error")
	}
}
