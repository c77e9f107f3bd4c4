package notify

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"lockers/internal/txn"
)

// Event is something to tell a user.
type Event struct {
	UserID  string
	Kind    Kind
	OrderID string
	Params  Params
	// Key, when set, makes the event once-only: a second event with the same
	// key (a retried job, another process) notifies nobody.
	Key string
}

// keySpace names the notification ids made from event keys.
var keySpace = uuid.MustParse("6f0e4c52-6d0b-4c59-9a57-3c1f1c2f0a16")

// deliveryAttempts bounds the tries of one delivery; River backs off between
// them (attempt⁴ seconds plus jitter: about 1 s, 16 s, 1.4 min, ... 2.8 h).
const deliveryAttempts = 10

// PublishTx writes e in the user's language and queues its deliveries in tx,
// so that it exists exactly when the event's change commits.
func (s *Service) PublishTx(ctx context.Context, tx txn.Tx, e Event) error {
	jobs, err := s.publishJobs(ctx, tx, e)
	if err != nil {
		return err
	}
	return s.queue.Enqueue(ctx, tx, jobs...)
}

// publishJobs writes e in the user's language in tx and returns its delivery
// jobs for the caller to queue in tx (with jobs of its own, in one insert).
func (s *Service) publishJobs(ctx context.Context, tx txn.Tx, e Event) ([]txn.Job, error) {
	r, err := s.store.Recipient(ctx, tx, e.UserID)
	if errors.Is(err, ErrNotFound) {
		return nil, nil // the account is gone: nobody to tell
	}
	if err != nil {
		return nil, fmt.Errorf("notify: recipient: %w", err)
	}
	n := s.compose(r, e)
	inserted, err := s.store.Insert(ctx, tx, n)
	if err != nil || !inserted {
		return nil, err
	}
	var jobs []txn.Job
	for _, c := range channels(r) {
		jobs = append(jobs, txn.Job{Args: DeliverArgs{ID: n.ID, Channel: c}, MaxAttempts: deliveryAttempts})
	}
	return jobs, nil
}

// compose renders e for r as a notification; an event with a key gets the id
// made from it, so a second event with that key is the same notification.
func (s *Service) compose(r Recipient, e Event) Notification {
	title, body := Render(r.Language, e.Kind, e.Params)
	id := uuid.NewString()
	if e.Key != "" {
		id = uuid.NewSHA1(keySpace, []byte(e.Key)).String()
	}
	return Notification{ID: id, UserID: e.UserID, Kind: e.Kind, OrderID: e.OrderID, Params: e.Params, Title: title, Body: body,
		CreatedAt: s.now().UTC()}
}

// Publish is PublishTx in a transaction of its own, for events that are not
// a database change (a door sensor's alarm).
func (s *Service) Publish(ctx context.Context, e Event) error {
	return s.store.InTx(ctx, func(tx txn.Tx) error { return s.PublishTx(ctx, tx, e) })
}

// channels are the ways r chose and can be reached by.
func channels(r Recipient) []Channel {
	var out []Channel
	if r.Settings.Push {
		out = append(out, Push) // the tokens are read when it is sent
	}
	if r.Settings.Email && r.Email != "" {
		out = append(out, Email)
	}
	if r.Settings.SMS && r.Phone != "" {
		out = append(out, SMS)
	}
	return out
}
