package notify

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"lockers/internal/txn"
)

// reminderBatch is how many other due reminders one reminder job takes over
// and works in its transaction. With 100,000 reminders due at once, one job a
// reminder spent nearly all its time on the queue (fetch, complete, the single
// SQLite writer); a batch costs three statements a reminder plus a few for the
// batch (docs/decisions/053-reminders-and-delivery.md).
const reminderBatch = 500

// remindMany publishes reminder first and up to reminderBatch other due
// reminders no worker has fetched yet, in one transaction: the others' jobs
// are completed in it (Queue.ClaimDue), so each is worked once whether
// the transaction commits (done) or rolls back (still waiting, retried).
func (s *Service) remindMany(ctx context.Context, first ReminderArgs) error {
	return s.store.InTx(ctx, func(tx txn.Tx) error {
		claimed, err := s.queue.ClaimDue(ctx, tx, ReminderArgs{}.Kind(), reminderBatch)
		if err != nil {
			return err
		}
		batch := make([]ReminderArgs, 0, len(claimed)+1)
		batch = append(batch, first)
		for _, c := range claimed {
			var a ReminderArgs
			if err := json.Unmarshal(c.Args, &a); err != nil {
				// Not ours to fail the batch over: it is completed and said so.
				s.log.ErrorContext(ctx, "reminder job with unreadable arguments dropped", "job", c.ID, "err", err)
				continue
			}
			batch = append(batch, a)
		}
		ids := make([]string, len(batch))
		for i, a := range batch {
			ids[i] = a.OrderID
		}
		facts, err := s.store.OrderFactsMany(ctx, tx, ids)
		if err != nil {
			return fmt.Errorf("notify: reminders' orders: %w", err)
		}
		var events []Event
		for _, a := range batch {
			if f, ok := facts[a.OrderID]; ok {
				if e, ok := reminderEvent(f, a); ok {
					events = append(events, e)
				}
			}
		}
		return s.publishManyTx(ctx, tx, events)
	})
}

// pushBatch is how many notifications one push delivery job carries.
const pushBatch = 500

// publishManyTx is PublishTx for many events at once: one insert for the
// notifications, one push job for up to pushBatch of them, and an e-mail or
// SMS job each (those adapters send one message a call anyway).
func (s *Service) publishManyTx(ctx context.Context, tx txn.Tx, events []Event) error {
	if len(events) == 0 {
		return nil
	}
	recipients := map[string]*Recipient{}
	var ns []Notification
	byID := map[string]Recipient{}
	for _, e := range events {
		r, seen := recipients[e.UserID]
		if !seen {
			got, err := s.store.Recipient(ctx, tx, e.UserID)
			switch {
			case errors.Is(err, ErrNotFound):
				// the account is gone: nobody to tell (remembered as nil)
			case err != nil:
				return fmt.Errorf("notify: recipient: %w", err)
			default:
				r = &got
			}
			recipients[e.UserID] = r
		}
		if r == nil {
			continue
		}
		n := s.compose(*r, e)
		ns = append(ns, n)
		byID[n.ID] = *r
	}
	inserted, err := s.store.InsertMany(ctx, tx, ns)
	if err != nil {
		return fmt.Errorf("notify: insert: %w", err)
	}
	var jobs []txn.Job
	var push []string
	for _, id := range inserted {
		for _, c := range channels(byID[id]) {
			if c == Push {
				push = append(push, id)
				continue
			}
			jobs = append(jobs, txn.Job{Args: DeliverArgs{ID: id, Channel: c}, MaxAttempts: deliveryAttempts})
		}
	}
	for i := 0; i < len(push); i += pushBatch {
		jobs = append(jobs, txn.Job{Args: PushManyArgs{IDs: push[i:min(i+pushBatch, len(push))]},
			MaxAttempts: deliveryAttempts})
	}
	return s.queue.Enqueue(ctx, tx, jobs...)
}
