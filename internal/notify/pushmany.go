package notify

import (
	"context"
	"time"

	"lockers/internal/txn"
)

// PushManyArgs is the push delivery of many notifications (a batch of
// reminders) in one job, instead of a job each.
type PushManyArgs struct {
	IDs []string `json:"ids"`
}

// Kind names the job.
func (PushManyArgs) Kind() string { return "notify_push_many" }

// PushMany works a batch's job: it pushes every notification of the batch.
// One that fails is not retried with the batch (the others would be pushed
// again): it gets a delivery job of its own, due after the first back-off,
// which the queue retries as any other. Only when that cannot be queued is
// the whole batch retried.
func (s *Service) PushMany(ctx context.Context, a PushManyArgs) error {
	return s.pushMany(ctx, a.IDs)
}

// retryAfter is when a notification that failed in a batch is tried again
// (River's first back-off is about a second too).
const retryAfter = time.Second

func (s *Service) pushMany(ctx context.Context, ids []string) error {
	var failed []txn.Job
	retry := func(id string, err error) {
		s.log.WarnContext(ctx, "push failed; retried on its own", "notification", id, "err", err)
		failed = append(failed, txn.Job{Args: DeliverArgs{ID: id, Channel: Push}, MaxAttempts: deliveryAttempts - 1,
			At: s.now().Add(retryAfter)})
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
	return s.store.InTx(ctx, func(tx txn.Tx) error { return s.queue.Enqueue(ctx, tx, failed...) })
}
