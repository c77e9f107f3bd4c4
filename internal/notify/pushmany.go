package notify

import (
	"context"
	"time"

	"github.com/riverqueue/river"

	"lockers/internal/store"
)

// pushManyArgs is the push delivery of many notifications (a batch of
// reminders) in one job, instead of a job each.
type pushManyArgs struct {
	IDs []string `json:"ids"`
}

func (pushManyArgs) Kind() string { return "notify_push_many" }

type pushManyWorker struct {
	river.WorkerDefaults[pushManyArgs]
	s *Service
}

// Work pushes every notification of the batch. One that fails is not retried
// with the batch (the others would be pushed again): it gets a delivery job of
// its own, due after the first back-off, which River retries as any other.
// Only when that cannot be queued is the whole batch retried.
func (w *pushManyWorker) Work(ctx context.Context, j *river.Job[pushManyArgs]) error {
	return w.s.pushMany(ctx, j.Args.IDs)
}

// retryAfter is when a notification that failed in a batch is tried again
// (River's first back-off is about a second too).
const retryAfter = time.Second

func (s *Service) pushMany(ctx context.Context, ids []string) error {
	var failed []river.InsertManyParams
	retry := func(id string, err error) {
		s.log.WarnContext(ctx, "push failed; retried on its own", "notification", id, "err", err)
		failed = append(failed, river.InsertManyParams{Args: deliverArgs{ID: id, Channel: Push},
			InsertOpts: &river.InsertOpts{MaxAttempts: deliveryAttempts - 1, ScheduledAt: s.now().Add(retryAfter)}})
	}
	ds, err := s.store.Deliveries(ctx, ids)
	if err != nil {
		return err // nothing sent yet: the whole batch is retried
	}
	dead := map[string]bool{}
	for _, d := range ds { // a notification deleted with its account is not among them
		if !d.Recipient.Settings.Push {
			continue // turned off since
		}
		if err := s.pushTo(ctx, d.Notification, d.Tokens, dead); err != nil {
			retry(d.Notification.ID, err)
		}
	}
	if len(failed) == 0 {
		return nil
	}
	return s.store.InTx(ctx, func(tx *store.Tx) error { return s.queue.InsertManyTx(ctx, tx, failed) })
}
