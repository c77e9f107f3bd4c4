package notify

import (
	"context"
	"errors"
	"fmt"

	"lockers/internal/txn"
)

// DeliverArgs is one notification to send by one channel (a job's arguments).
type DeliverArgs struct {
	ID      string  `json:"id"`
	Channel Channel `json:"channel"`
}

// Kind names the job.
func (DeliverArgs) Kind() string { return "notify_deliver" }

// Deliver works a delivery job: it sends; an error is retried with back-off
// by the queue.
func (s *Service) Deliver(ctx context.Context, a DeliverArgs) error {
	return s.deliver(ctx, a.ID, a.Channel)
}

// deliver sends notification id by channel c, if the user still wants that
// channel (they may have turned it off since).
func (s *Service) deliver(ctx context.Context, id string, c Channel) error {
	n, r, err := s.store.Delivery(ctx, id)
	if errors.Is(err, ErrNotFound) {
		return errors.Join(txn.ErrDrop, err) // the account was deleted with its notifications
	}
	if err != nil {
		return err
	}
	return s.send(ctx, n, r, c)
}

// send delivers n to r by channel c unless r turned c off, worded in r's
// language as it is now.
func (s *Service) send(ctx context.Context, n Notification, r Recipient, c Channel) error {
	if n.Params != (Params{}) {
		n.Title, n.Body = Render(r.Language, n.Kind, n.Params)
	}
	switch c {
	case Push:
		if !r.Settings.Push {
			return nil
		}
		return s.deliverPush(ctx, n)
	case Email:
		if !r.Settings.Email || r.Email == "" {
			return nil
		}
		return s.mail.SendMail(ctx, r.Email, n.Title, n.Body+"\n", "")
	case SMS:
		if !r.Settings.SMS || r.Phone == "" {
			return nil
		}
		return s.sms.SendSMS(ctx, r.Phone, n.Title+": "+n.Body)
	}
	return errors.Join(txn.ErrDrop, fmt.Errorf("notify: unknown channel %q", c))
}

// deliverPush sends n to every device of its user; dead tokens are forgotten.
// A failure on one device retries the whole job (a device may then get the
// message twice; push services drop nothing on their side either).
func (s *Service) deliverPush(ctx context.Context, n Notification) error {
	tokens, err := s.store.PushTokens(ctx, n.UserID)
	if err != nil {
		return err
	}
	return s.pushTo(ctx, n, tokens, nil)
}

// pushTo sends n to tokens, skipping those in dead and adding to it (when not
// nil) the ones the push service reports dead, which are forgotten.
func (s *Service) pushTo(ctx context.Context, n Notification, tokens []PushToken, dead map[string]bool) error {
	m := PushMessage{Title: n.Title, Body: n.Body, Data: map[string]string{"notificationId": n.ID, "kind": string(n.Kind)}}
	if n.OrderID != "" {
		m.Data["orderId"] = n.OrderID
	}
	var errs []error
	for _, t := range tokens {
		if dead[t.Token] {
			continue
		}
		err := s.push.Push(ctx, t, m)
		if errors.Is(err, ErrDeadToken) {
			s.log.InfoContext(ctx, "push token dropped: the push service no longer knows it", "user", n.UserID)
			if dead != nil {
				dead[t.Token] = true
			}
			err = s.store.DropPushToken(ctx, t.Token)
		}
		if err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}
