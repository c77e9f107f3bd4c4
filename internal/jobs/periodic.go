package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// periodicArgs is one run of a Periodic, by name.
type periodicArgs struct {
	Name string `json:"name"`
}

func (periodicArgs) Kind() string { return "periodic" }

// periodicWorker runs the Periodic a job names.
type periodicWorker struct {
	river.WorkerDefaults[periodicArgs]
	byName  map[string]Periodic
	log     *slog.Logger
	observe func(name string, lag time.Duration, err error)
	now     func() time.Time
}

func (w *periodicWorker) Work(ctx context.Context, job *river.Job[periodicArgs]) error {
	p, ok := w.byName[job.Args.Name]
	if !ok {
		// Left by a lockerd that had this work and was replaced by one that has not.
		return river.JobCancel(fmt.Errorf("no periodic work named %q", job.Args.Name))
	}
	lag := w.now().Sub(job.ScheduledAt)
	err := p.Run(ctx)
	if w.observe != nil {
		w.observe(p.Name, lag, err)
	}
	if err != nil {
		w.log.ErrorContext(ctx, "periodic work failed; it runs again at its next turn", "work", p.Name, "err", err)
		// Not retried: the next turn comes soon and does the same.
		return river.JobCancel(err)
	}
	return nil
}

// notWhileQueued: a run is not queued while another waits or runs, so a slow
// run never piles up turns (completed runs do not count, unlike River's default).
var notWhileQueued = river.UniqueOpts{ByArgs: true, ByState: []rivertype.JobState{rivertype.JobStateAvailable,
	rivertype.JobStatePending, rivertype.JobStateRunning, rivertype.JobStateScheduled, rivertype.JobStateRetryable}}

// addPeriodic registers the worker of ps and returns River's schedule for them.
func addPeriodic(workers *river.Workers, ps []Periodic, log *slog.Logger,
	observe func(string, time.Duration, error), now func() time.Time) ([]*river.PeriodicJob, error) {
	w := &periodicWorker{byName: make(map[string]Periodic, len(ps)), log: log, observe: observe, now: now}
	out := make([]*river.PeriodicJob, 0, len(ps))
	for _, p := range ps {
		if p.Name == "" || p.Every <= 0 || p.Run == nil {
			return nil, fmt.Errorf("jobs: periodic work %q needs a name, an interval and a function", p.Name)
		}
		if _, dup := w.byName[p.Name]; dup {
			return nil, fmt.Errorf("jobs: periodic work %q is registered twice", p.Name)
		}
		w.byName[p.Name] = p
		args := periodicArgs{Name: p.Name}
		out = append(out, river.NewPeriodicJob(river.PeriodicInterval(p.Every),
			func() (river.JobArgs, *river.InsertOpts) {
				return args, &river.InsertOpts{UniqueOpts: notWhileQueued, MaxAttempts: 1}
			},
			&river.PeriodicJobOpts{ID: p.Name, RunOnStart: true}))
	}
	if err := river.AddWorkerSafely(workers, w); err != nil {
		return nil, fmt.Errorf("jobs: %w", err)
	}
	return out, nil
}
