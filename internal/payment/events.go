package payment

import (
	"context"
	"errors"
	"fmt"
)

// applyEvent applies a recorded notification in the transaction that claims
// it (Tx.Claim), so its effects happen once however often it is applied.
func (s *Service) applyEvent(ctx context.Context, ev Event) error {
	switch ev.Kind {
	case EventPaymentProcessing, EventPaymentPaid, EventPaymentDeclined, EventPaymentExpired:
		outcome := map[EventKind]Outcome{EventPaymentProcessing: OutcomeProcessing, EventPaymentPaid: OutcomePaid,
			EventPaymentDeclined: OutcomeDeclined, EventPaymentExpired: OutcomeExpired}[ev.Kind]
		_, err := s.settle(ctx, ev.PaymentID, Result{Ref: ev.Ref, Outcome: outcome, AmountCents: ev.AmountCents,
			Currency: ev.Currency, Failure: ev.Failure}, &ev)
		return err
	case EventMethodProcessing, EventMethodReady, EventMethodFailed:
		return s.methodEvent(ctx, ev)
	case EventRefundSucceeded, EventRefundFailed:
		return s.refundEvent(ctx, ev)
	}
	return fmt.Errorf("payment: unknown notification kind %q", ev.Kind)
}

// methodEvent moves a card through its setup: processing, then valid (the
// first valid card becomes the default) or failed. A saved card never goes back.
func (s *Service) methodEvent(ctx context.Context, ev Event) error {
	return s.store.InGroup(ctx, func(ctx context.Context, tx Tx) error {
		now := s.Now()
		if fresh, err := tx.Claim(ctx, ev.Provider, ev.ID, now); err != nil || !fresh {
			return err
		}
		m, err := s.eventMethod(ctx, tx, ev)
		if errors.Is(err, ErrNotFound) {
			s.log.WarnContext(ctx, "payment: notification about an unknown card", "method", ev.MethodID, "type", ev.Type)
			return nil
		}
		if err != nil || m.Usable() {
			return err
		}
		switch ev.Kind {
		case EventMethodProcessing:
			if m.State != MethodInitial {
				return nil
			}
			m.State = MethodProcessing
		case EventMethodFailed:
			m.State, m.Failure = MethodFailed, ev.Failure
		case EventMethodReady:
			c := ev.Card
			m.State, m.Failure, m.ProviderRef = MethodValid, "", c.Ref
			m.Brand, m.Last4, m.ExpMonth, m.ExpYear = c.Brand, c.Last4, c.ExpMonth, c.ExpYear
			if c.CustomerRef != "" {
				m.CustomerRef = c.CustomerRef
			}
			has, err := tx.HasDefault(ctx, m.UserID)
			if err != nil {
				return err
			}
			m.Default = !has
		}
		m.UpdatedAt = now
		return tx.SaveMethod(ctx, m)
	})
}

// eventMethod locks the card a notification is about.
func (s *Service) eventMethod(ctx context.Context, tx Tx, ev Event) (Method, error) {
	if !validID(ev.MethodID) {
		return Method{}, ErrNotFound
	}
	userID, err := tx.MethodOwner(ctx, ev.MethodID)
	if err != nil {
		return Method{}, err
	}
	return tx.Method(ctx, userID, ev.MethodID)
}

// refundEvent records the provider's final word on a refund. A refund that
// fails after it was accepted is an alarm for an operator: the money did not
// go back although the order says refunded.
func (s *Service) refundEvent(ctx context.Context, ev Event) error {
	var known bool
	err := s.store.InTx(ctx, func(ctx context.Context, tx Tx) error {
		// Claimed first, whatever it names: a notification about a refund that
		// is not ours is applied as nothing, not left in the inbox for the
		// sweep to try for ever.
		if fresh, err := tx.Claim(ctx, ev.Provider, ev.ID, s.Now()); err != nil || !fresh || !validID(ev.RefundID) {
			return err
		}
		r, err := tx.Refund(ctx, ev.RefundID)
		if errors.Is(err, ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		known = true
		if ev.Kind == EventRefundFailed {
			s.log.ErrorContext(ctx, "payment alarm: the provider failed a refund", "alarm", true, "refund", r.ID,
				"payment", r.PaymentID, "order", r.OrderID, "failure", ev.Failure)
			r.State, r.Failure, r.UpdatedAt = RefundFailed, ev.Failure, s.Now()
			return tx.SaveRefund(ctx, r)
		}
		return nil
	})
	if err != nil || !known || ev.Kind != EventRefundSucceeded {
		return err
	}
	return s.refundAccepted(ctx, ev.RefundID, ev.Ref)
}
