// Package jobs runs lockerd's background work on River (riverqueue/river) in
// the project database: riverdatabasesql on PostgreSQL and riversqlite on
// SQLite, both over the store's writer pool, so a job can be inserted in the
// same transaction as the change that calls for it (InsertTx). Jobs survive a
// restart, are retried with back-off, and periodic work runs on the one
// elected leader however many lockerd processes share the database.
package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"
	"github.com/riverqueue/river/rivertype"

	"lockers/internal/store"
)

// Periodic is work done every Every on one lockerd of all that share the
// database (the leader), and once at start.
type Periodic struct {
	Name  string // unique among the periodic work; names the job in logs and in river_job
	Every time.Duration
	Run   func(ctx context.Context) error
}

// Options configure a Queue.
type Options struct {
	Periodic []Periodic
	// Workers registers the workers of one-off jobs (river.AddWorker).
	Workers func(*river.Workers)
	// MaxWorkers bounds the jobs worked at once by this process (default 20).
	MaxWorkers int
	// PollEvery is how often this process looks for jobs that became due
	// (default 1 s; neither driver here listens for inserts).
	PollEvery time.Duration
	Log       *slog.Logger
	// Observe, when set, hears every periodic run this process works: its
	// name, how long after its scheduled time it started (the queue's lag)
	// and its error (nil on success). lockerd exports them as metrics.
	Observe func(name string, lag time.Duration, err error)
	// Now is the clock due jobs are claimed by (default time.Now). When
	// NowShifted, River takes it too, for every time it would otherwise read
	// from the database's now() (a test build's shifted clock, internal/clock):
	// a job scheduled on the shifted clock is then due on it as well.
	Now        func() time.Time
	NowShifted bool
}

// Queue is this process's River client.
type Queue struct {
	client  *river.Client[*sql.Tx]
	log     *slog.Logger
	dialect store.Dialect
	now     func() time.Time
}

// queueDefault is the one River queue lockerd uses.
const queueDefault = river.QueueDefault

// driver is River's driver for the database's engine, on its writer pool.
func driver(db *store.DB) riverdriver.Driver[*sql.Tx] {
	if db.Dialect() == store.Postgres {
		return riverdatabasesql.New(db.Writer())
	}
	return riversqlite.New(db.Writer())
}

// Migrate creates or updates River's tables (river_job and its companions);
// lockerd runs it after its own migrations at every start.
func Migrate(ctx context.Context, db *store.DB) error {
	m, err := rivermigrate.New(driver(db), nil)
	if err != nil {
		return fmt.Errorf("jobs: migrator: %w", err)
	}
	if _, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return fmt.Errorf("jobs: migrate: %w", err)
	}
	return nil
}

// New makes the queue; Start begins working.
func New(db *store.DB, o Options) (*Queue, error) {
	if o.Log == nil {
		o.Log = slog.Default()
	}
	if o.MaxWorkers <= 0 {
		o.MaxWorkers = 20
	}
	if o.PollEvery <= 0 {
		o.PollEvery = time.Second
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	workers := river.NewWorkers()
	if o.Workers != nil {
		o.Workers(workers)
	}
	periodic, err := addPeriodic(workers, o.Periodic, o.Log, o.Observe, o.Now)
	if err != nil {
		return nil, err
	}
	var test river.TestConfig
	if o.NowShifted {
		test.Time = shiftedTime(o.Now)
	}
	client, err := river.NewClient(driver(db), &river.Config{
		Test:         test,
		Queues:       map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: o.MaxWorkers}},
		Workers:      workers,
		PeriodicJobs: periodic,
		// River's own cooldown is 100 ms; polling must not be faster.
		FetchCooldown:     min(100*time.Millisecond, o.PollEvery),
		FetchPollInterval: o.PollEvery,
		// River logs its own start, stop and elections at info; lockerd's log keeps warnings.
		Logger: slog.New(levelAtLeast{o.Log.Handler(), slog.LevelWarn}),
	})
	if err != nil {
		return nil, fmt.Errorf("jobs: client: %w", err)
	}
	return &Queue{client: client, log: o.Log, dialect: db.Dialect(), now: o.Now}, nil
}

// shiftedTime is River's clock on a shifted test clock: stubbed, so that River
// passes it to its queries instead of using the database's now().
type shiftedTime func() time.Time

func (f shiftedTime) Now() time.Time {
	return f()
}

func (f shiftedTime) NowOrNil() *time.Time {
	t := f()
	return &t
}

// Start works jobs until Stop.
func (q *Queue) Start(ctx context.Context) error { return q.client.Start(ctx) }

// Stop lets running jobs finish (bounded by ctx), then stops.
func (q *Queue) Stop(ctx context.Context) error {
	err := q.client.Stop(ctx)
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return q.client.StopAndCancel(context.Background())
	}
	return err
}

// InsertTx adds a job in tx: it exists only if tx commits.
func (q *Queue) InsertTx(ctx context.Context, tx *store.Tx, args river.JobArgs, opts *river.InsertOpts) error {
	_, err := q.client.InsertTx(ctx, tx.Tx, args, opts)
	return err
}

// InsertTxID is InsertTx that returns the new job's id (to cancel or move it
// later with CancelTx).
func (q *Queue) InsertTxID(ctx context.Context, tx *store.Tx, args river.JobArgs, opts *river.InsertOpts) (int64, error) {
	r, err := q.client.InsertTx(ctx, tx.Tx, args, opts)
	if err != nil {
		return 0, err
	}
	return r.Job.ID, nil
}

// InsertManyTx adds jobs in tx, in one statement per batch.
func (q *Queue) InsertManyTx(ctx context.Context, tx *store.Tx, params []river.InsertManyParams) error {
	if len(params) == 0 {
		return nil
	}
	_, err := q.client.InsertManyFastTx(ctx, tx.Tx, params)
	return err
}

// CancelTx cancels a job in tx unless it ran already; a job that is gone
// (River cleaned it up) is no error.
func (q *Queue) CancelTx(ctx context.Context, tx *store.Tx, id int64) error {
	_, err := q.client.JobCancelTx(ctx, tx.Tx, id)
	if errors.Is(err, river.ErrNotFound) {
		return nil
	}
	return err
}

// RunNow makes a job that waits for its time available at once; one already
// worked, running or gone is left alone (false). It serves the test clock
// (docs/decisions/052-notifications.md).
func (q *Queue) RunNow(ctx context.Context, id int64) (bool, error) {
	j, err := q.client.JobGet(ctx, id)
	if errors.Is(err, river.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if j.State != rivertype.JobStateScheduled {
		return false, nil
	}
	_, err = q.client.JobRetry(ctx, id)
	return err == nil, err
}

// Insert adds a job on its own.
func (q *Queue) Insert(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error {
	_, err := q.client.Insert(ctx, args, opts)
	return err
}

// levelAtLeast drops records below min.
type levelAtLeast struct {
	slog.Handler
	min slog.Level
}

func (h levelAtLeast) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= h.min && h.Handler.Enabled(ctx, l)
}

func (h levelAtLeast) WithAttrs(as []slog.Attr) slog.Handler {
	return levelAtLeast{h.Handler.WithAttrs(as), h.min}
}

func (h levelAtLeast) WithGroup(name string) slog.Handler {
	return levelAtLeast{h.Handler.WithGroup(name), h.min}
}
