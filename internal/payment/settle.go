package payment

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"lockers/internal/order"
)

// after is what a transaction leaves to do once it committed.
type after struct {
	refunds []string  // surplus refunds to send
	invoice bool      // a payment to invoice
	expire  []Payment // links to end at the provider: the order was paid another way
}

// settle applies the provider's word r about payment id, with its order, in one
// transaction. ev, when set, is the notification r came in: it is claimed in
// the same transaction, and one applied before changes nothing. It reports
// false for such a repeat.
func (s *Service) settle(ctx context.Context, id string, r Result, ev *Event) (bool, error) {
	var (
		todo  after
		fresh = true
	)
	err := s.store.InGroup(ctx, func(ctx context.Context, tx Tx) error {
		todo, fresh = after{}, true
		now := s.Now()
		if ev != nil {
			var err error
			if fresh, err = tx.Claim(ctx, ev.Provider, ev.ID, now); err != nil || !fresh {
				return err
			}
		}
		userID, orderID, err := "", "", ErrNotFound
		if validID(id) {
			userID, orderID, err = tx.Owner(ctx, id)
		}
		if errors.Is(err, ErrNotFound) {
			s.log.WarnContext(ctx, "payment: notification about an unknown payment", "payment", id, "outcome", r.Outcome)
			return nil
		}
		if err != nil {
			return err
		}
		o, err := tx.OrderToSettle(ctx, userID, orderID)
		if err != nil {
			return err
		}
		p, err := tx.Payment(ctx, id)
		if err != nil {
			return err
		}
		if err := s.apply(ctx, tx, &o, &p, r, now, &todo); err != nil {
			return err
		}
		if err := tx.SavePayment(ctx, p); err != nil {
			return err
		}
		return tx.SaveOrder(ctx, o)
	})
	if err != nil {
		return false, err
	}
	s.followUp(ctx, todo)
	return fresh, nil
}

// apply changes p and o by outcome r. The states only move forward: a late
// "processing" never undoes "paid", a decline never undoes a payment, and a
// payment arriving after a decline or expiry still counts (the money moved).
func (s *Service) apply(ctx context.Context, tx Tx, o *order.Order, p *Payment, r Result, now time.Time, todo *after) error {
	if r.Ref != "" && p.ProviderRef == "" {
		p.ProviderRef = r.Ref
	}
	switch r.Outcome {
	case OutcomeOpen:
		if p.State.Open() {
			p.UpdatedAt = now // asked just now: the reconciler asks again later
		}
	case OutcomeProcessing:
		if p.State == Pending {
			p.State, p.UpdatedAt = Processing, now
			o.PaymentProcessing(p.Due(), now)
		}
	case OutcomePaid:
		return s.paid(ctx, tx, o, p, r, now, todo)
	case OutcomeDeclined, OutcomeExpired:
		if !p.State.Open() {
			return nil
		}
		p.State, p.Failure, p.UpdatedAt = Failed, r.Failure, now
		if r.Outcome == OutcomeExpired {
			p.State = Expired
		}
		if r.Outcome == OutcomeDeclined && p.Flow == FlowCharge && p.MethodID != "" {
			// The card stays saved, but its owner is told it was declined (issue 46).
			if err := tx.DeclineMethod(ctx, p.MethodID, now); err != nil {
				return err
			}
		}
		alone, err := s.alone(ctx, tx, *p)
		if err != nil || !alone {
			return err // another attempt may still pay the order
		}
		if r.Outcome == OutcomeExpired {
			o.PaymentLapsed(p.Due(), now)
			return nil
		}
		return o.Declined(ctx, tx.OrderTx(), p.Due(), now)
	default:
		return fmt.Errorf("payment: unknown outcome %q", r.Outcome)
	}
	return nil
}

// paid applies a payment the provider confirmed. The amount and currency must
// be the attempt's: a mismatch never books anything and raises an alarm. Money
// the order no longer waits for (its hold ran out, it was cancelled or paid by
// another attempt, the extension changed) is refunded.
func (s *Service) paid(ctx context.Context, tx Tx, o *order.Order, p *Payment, r Result, now time.Time, todo *after) error {
	if p.State == Paid || p.State == Refunded {
		return nil
	}
	if r.AmountCents != p.AmountCents || !strings.EqualFold(r.Currency, p.Currency) {
		s.log.ErrorContext(ctx, "payment alarm: the provider reports another amount than was asked; the order is not booked",
			"alarm", true, "payment", p.ID, "order", p.OrderID, "got_cents", r.AmountCents, "got_currency", r.Currency,
			"want_cents", p.AmountCents, "want_currency", p.Currency)
		if p.State.Open() {
			p.State, p.UpdatedAt = Failed, now
			p.Failure = fmt.Sprintf("amount mismatch: the provider reported %d %s", r.AmountCents, r.Currency)
		}
		return nil
	}
	p.State, p.PaidAt, p.UpdatedAt, p.Failure = Paid, now, now, ""
	want, waits := o.Expects(p.Due())
	if waits && want == p.AmountCents {
		applied, err := o.Paid(ctx, tx.OrderTx(), p.Due(), p.AmountCents, now)
		if err != nil || applied {
			todo.invoice = applied
			if err == nil && p.Flow == FlowCharge {
				err = tx.SettleMethod(ctx, p.MethodID, now)
			}
			if err == nil && applied {
				err = s.expireOtherLinks(ctx, tx, *p, now, todo)
			}
			return err
		}
	}
	if waits {
		s.log.ErrorContext(ctx, "payment alarm: the order's price changed since the attempt; refunding it",
			"alarm", true, "payment", p.ID, "order", p.OrderID, "paid_cents", p.AmountCents, "due_cents", want)
	} else {
		s.log.WarnContext(ctx, "payment: money arrived for an order that no longer waits for it; refunding it",
			"payment", p.ID, "order", p.OrderID, "status", o.Status)
	}
	rf := Refund{ID: newID(), PaymentID: p.ID, OrderID: p.OrderID, UserID: p.UserID, Provider: p.Provider, Attempt: 1,
		AmountCents: p.AmountCents, VATCents: p.VATCents, Currency: p.Currency, Reason: ReasonSurplus,
		State: RefundPending, CreatedAt: now, UpdatedAt: now}
	todo.refunds = append(todo.refunds, rf.ID)
	return tx.InsertRefund(ctx, rf)
}

// expireOtherLinks ends the order's other open payment links once paid
// has paid it (issue 42): they are expired here, in the payment's
// transaction, and at the provider after it commits (followUp), so an
// abandoned checkout reopened later takes no money. Money that arrives on
// one anyway finds the order not waiting and is refunded (paid), and the
// customer is told.
func (s *Service) expireOtherLinks(ctx context.Context, tx Tx, paid Payment, now time.Time, todo *after) error {
	open, err := tx.Attempts(ctx, paid.OrderID)
	if err != nil {
		return err
	}
	for _, a := range open {
		if a.ID == paid.ID || a.Flow != FlowLink || !a.State.Open() {
			continue
		}
		a.State, a.Failure, a.UpdatedAt = Expired, "paid another way", now
		if err := tx.SavePayment(ctx, a); err != nil {
			return err
		}
		if a.ProviderRef != "" {
			todo.expire = append(todo.expire, a)
		}
	}
	return nil
}

// alone reports whether p is the only open attempt for its due: a decline or
// lapse of one attempt must not fail an order another attempt may still pay.
func (s *Service) alone(ctx context.Context, tx Tx, p Payment) (bool, error) {
	open, err := tx.Attempts(ctx, p.OrderID)
	if err != nil {
		return false, err
	}
	for _, a := range open {
		if a.ID != p.ID && a.pays(p.Due()) {
			return false, nil
		}
	}
	return true, nil
}

// followUp does what a committed transaction left: stale links are expired
// at the provider, surplus refunds go out at once (the reconciler retries
// what fails), invoices through the worker.
func (s *Service) followUp(ctx context.Context, todo after) {
	for _, p := range todo.expire {
		if err := s.provider.ExpireCheckout(ctx, p); err != nil {
			// Money it still takes is refunded when it arrives (paid).
			s.log.WarnContext(ctx, "payment: a stale payment link was not expired at the provider", "payment", p.ID, "err", err)
		}
	}
	for _, id := range todo.refunds {
		if err := s.sendRefund(ctx, id); err != nil {
			s.log.WarnContext(ctx, "payment: surplus refund not sent yet; the reconciler retries", "refund", id, "err", err)
		}
	}
	if todo.invoice || len(todo.refunds) > 0 {
		s.wake()
	}
}
