package jobs

import (
	"context"
	"errors"

	"github.com/riverqueue/river"

	"lockers/internal/store"
	"lockers/internal/txn"
)

// Queue is txn.Queue, the port the domains queue their jobs through.
var _ txn.Queue = (*Queue)(nil)

// opts turns a job's due time and tries into River's insert options.
func opts(j txn.Job) *river.InsertOpts {
	o := &river.InsertOpts{MaxAttempts: j.MaxAttempts}
	if !j.At.IsZero() {
		o.ScheduledAt = j.At
	}
	return o
}

// Enqueue adds jobs in tx, in one statement per batch.
func (q *Queue) Enqueue(ctx context.Context, tx txn.Tx, jobs ...txn.Job) error {
	params := make([]river.InsertManyParams, len(jobs))
	for i, j := range jobs {
		params[i] = river.InsertManyParams{Args: j.Args, InsertOpts: opts(j)}
	}
	return q.InsertManyTx(ctx, store.TxOf(tx), params)
}

// EnqueueID adds one job in tx and answers its id.
func (q *Queue) EnqueueID(ctx context.Context, tx txn.Tx, j txn.Job) (int64, error) {
	return q.InsertTxID(ctx, store.TxOf(tx), j.Args, opts(j))
}

// EnqueueIDs adds jobs in tx in one statement (River's InsertManyTx) and
// answers their ids in the order of jobs. A booking queues its three reminders
// this way: one insert instead of three, each of which encoded its thirteen
// array parameters on PostgreSQL (the largest cost of a booking's transaction).
func (q *Queue) EnqueueIDs(ctx context.Context, tx txn.Tx, jobs ...txn.Job) ([]int64, error) {
	if len(jobs) == 0 {
		return nil, nil
	}
	params := make([]river.InsertManyParams, len(jobs))
	for i, j := range jobs {
		params[i] = river.InsertManyParams{Args: j.Args, InsertOpts: opts(j)}
	}
	res, err := q.client.InsertManyTx(ctx, store.TxOf(tx).Tx, params)
	if err != nil {
		return nil, err
	}
	return idsInOrder(jobs, res)
}

// Cancel cancels a job in tx unless it ran already.
func (q *Queue) Cancel(ctx context.Context, tx txn.Tx, id int64) error {
	return q.CancelTx(ctx, store.TxOf(tx), id)
}

// ClaimDue is ClaimDueTx on a txn.Tx.
func (q *Queue) ClaimDue(ctx context.Context, tx txn.Tx, kind string, limit int) ([]txn.Claimed, error) {
	claimed, err := q.ClaimDueTx(ctx, store.TxOf(tx), kind, limit)
	out := make([]txn.Claimed, len(claimed))
	for i, c := range claimed {
		out[i] = txn.Claimed{ID: c.ID, Args: c.Args}
	}
	return out, err
}

// Handle registers work as the worker of the jobs whose arguments are T (by
// T's Kind). An error is retried with River's back-off; one wrapping
// txn.ErrDrop gives the job up at once.
func Handle[T txn.Args](w *river.Workers, work func(context.Context, T) error) {
	river.AddWorker(w, &handler[T]{work: work})
}

type handler[T txn.Args] struct {
	river.WorkerDefaults[T]
	work func(context.Context, T) error
}

func (h *handler[T]) Work(ctx context.Context, j *river.Job[T]) error {
	err := h.work(ctx, j.Args)
	if errors.Is(err, txn.ErrDrop) {
		return river.JobCancel(err)
	}
	return err
}
