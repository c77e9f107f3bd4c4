// Package txn is what crosses from the domains to the infrastructure inside
// a database transaction: the transaction itself (Tx), which a domain hands on
// from the store that opened it to the store or queue that joins it without
// looking inside, and the background jobs queued in it (Queue, implemented by
// internal/jobs). It keeps domain packages free of database/sql, the store and
// the job queue's client (docs/decisions/002-one-writer-per-table.md).
package txn

import (
	"context"
	"encoding/json"
	"errors"
	"time"
)

// Tx is an open database transaction (*store.Tx is one; store.TxOf gets it
// back). Only store packages and the job queue work in it.
type Tx interface {
	// Txn marks the transaction type; it does nothing.
	Txn()
}

// Args are a job's arguments, stored as JSON; Kind names the job's work.
type Args interface {
	Kind() string
}

// Job is background work queued in a transaction: it exists exactly when the
// transaction commits.
type Job struct {
	Args        Args
	At          time.Time // when it is due; zero: now
	MaxAttempts int       // tries before it is given up; 0: the queue's default
}

// Claimed is a due job taken over by ClaimDue: its id and stored arguments.
type Claimed struct {
	ID   int64
	Args json.RawMessage
}

// Queue queues jobs in a transaction.
type Queue interface {
	// Enqueue adds jobs in tx, in one statement per batch.
	Enqueue(ctx context.Context, tx Tx, jobs ...Job) error
	// EnqueueID adds one job in tx and answers its id (to Cancel or RunNow it).
	EnqueueID(ctx context.Context, tx Tx, job Job) (int64, error)
	// EnqueueIDs adds jobs in tx in one statement and answers their ids in the
	// order of jobs: one round trip where EnqueueID per job takes one each.
	EnqueueIDs(ctx context.Context, tx Tx, jobs ...Job) ([]int64, error)
	// Cancel cancels a job in tx unless it ran already; a job that is gone is no error.
	Cancel(ctx context.Context, tx Tx, id int64) error
	// ClaimDue takes up to limit due jobs of kind that no worker has fetched
	// yet and marks them done in tx: the caller does their work in tx, so they
	// are done exactly when it commits.
	ClaimDue(ctx context.Context, tx Tx, kind string, limit int) ([]Claimed, error)
	// RunNow makes a job that waits for its time due at once (false: it ran,
	// runs or is gone). The test clock uses it.
	RunNow(ctx context.Context, id int64) (bool, error)
}

// ErrDrop wrapped in a job's error gives the job up at once: it is not
// retried (the work can never succeed, e.g. its subject was deleted).
var ErrDrop = errors.New("job given up")
