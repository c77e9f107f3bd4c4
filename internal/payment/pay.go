package payment

import (
	"context"
	"errors"
	"fmt"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/order"
)

// Pay charges what the order owes (its price while unpaid, or a pending
// extension's difference) to a saved card: the named one, else the default
// (MISSING_PAYMENT_METHOD without one). The order is processing until the
// provider decides; the app polls order.get. A second call while a charge is in
// flight answers the order as it is and charges nothing.
//
// When the provider cannot be reached the caller gets CHARGE_ERROR, the order
// waits for payment again with its hold, and the attempt stays pending: a
// retry with the same card sends the same idempotency key, so the provider
// charges at most once.
func (s *Service) Pay(ctx context.Context, userID, orderID, methodID string) (order.Order, error) {
	if !validID(orderID) {
		return order.Order{}, orderNotFound()
	}
	var (
		p        Payment
		m        Method
		o        order.Order
		inFlight bool
	)
	err := s.inOrder(ctx, userID, orderID, func(ctx context.Context, tx Tx, cur *order.Order, now time.Time) error {
		// Someone else's order was ORDER_NOT_FOUND already, whatever the card.
		var err error
		if m, err = s.chargeable(ctx, userID, methodID); err != nil {
			return err
		}
		o = *cur
		if cur.InFlight() {
			inFlight = true
			return nil
		}
		d, ok := cur.DueAt(now)
		if !ok {
			return cur.NotPayable(now)
		}
		if p, err = s.attempt(ctx, tx, *cur, d, FlowCharge, m.ID, now); err != nil {
			return err
		}
		cur.PaymentStarted(d, true, now)
		o = *cur
		return nil
	})
	if err != nil || inFlight {
		return o, err
	}
	pctx, cancel := s.call(ctx)
	res, err := s.provider.Charge(pctx, ChargeRequest{PaymentID: p.ID, UserID: userID, Method: m, AmountCents: p.AmountCents,
		Currency: p.Currency, Description: description(p, ""), IdempotencyKey: p.IdempotencyKey})
	cancel()
	if err != nil {
		s.log.WarnContext(ctx, "payment: charge got no answer", "payment", p.ID, "err", err)
		if err := s.unanswered(ctx, p); err != nil {
			return order.Order{}, err
		}
		return order.Order{}, chargeError()
	}
	if res.Outcome == OutcomeProcessing {
		// The common answer: the order is processing already; only the
		// attempt learns its reference (unless a notification was faster).
		return o, s.store.MarkProcessing(ctx, p.ID, res.Ref, s.Now())
	}
	if _, err := s.settle(ctx, p.ID, res, nil); err != nil {
		return order.Order{}, err
	}
	return s.Order(ctx, userID, orderID)
}

// chargeable finds the card to charge.
func (s *Service) chargeable(ctx context.Context, userID, methodID string) (Method, error) {
	if methodID != "" {
		m, err := s.Method(ctx, userID, methodID)
		if err != nil {
			return Method{}, err
		}
		if !m.Usable() {
			return Method{}, apperr.Field(apperr.MissingPaymentMethod, "paymentMethodUuid", "this card is not ready to be charged")
		}
		return m, nil
	}
	m, err := s.store.DefaultMethod(ctx, userID)
	if errors.Is(err, ErrNotFound) || err == nil && (m.Provider != s.provider.Name() || !m.Usable()) {
		return Method{}, apperr.Field(apperr.MissingPaymentMethod, "paymentMethodUuid", "choose a card or add one")
	}
	if err != nil {
		return Method{}, fmt.Errorf("payment: default method: %w", err)
	}
	return m, nil
}

// inOrder locks the user's order, runs fn and saves the order, in one transaction.
func (s *Service) inOrder(ctx context.Context, userID, orderID string, fn func(context.Context, Tx, *order.Order, time.Time) error) error {
	return s.store.InTx(ctx, func(ctx context.Context, tx Tx) error {
		o, err := tx.Order(ctx, userID, orderID)
		if errors.Is(err, order.ErrNotFound) {
			return orderNotFound()
		}
		if err != nil {
			return err
		}
		if err := fn(ctx, tx, &o, s.Now()); err != nil {
			return err
		}
		return tx.SaveOrder(ctx, o)
	})
}

// attempt returns the payment attempt for d: the open one made the same way
// for the same thing (so its idempotency key is sent again), or a new one. An
// unanswered charge with another card is given up: if it did go through after
// all, its notification finds nothing to pay and the money is refunded.
func (s *Service) attempt(ctx context.Context, tx Tx, o order.Order, d order.Due, flow Flow, methodID string, now time.Time) (Payment, error) {
	open, err := tx.Attempts(ctx, o.ID)
	if err != nil {
		return Payment{}, err
	}
	for _, a := range open {
		if a.Flow == flow && a.MethodID == methodID && a.pays(d) && reusable(a, now) {
			return a, nil
		}
	}
	for _, a := range open {
		if flow == FlowCharge && a.Flow == FlowCharge && a.State == Pending {
			a.State, a.Failure, a.UpdatedAt = Expired, "superseded by another attempt", now
			if err := tx.SavePayment(ctx, a); err != nil {
				return Payment{}, err
			}
		}
	}
	id := newID()
	p := Payment{ID: id, UserID: o.UserID, OrderID: o.ID, Kind: d.Kind, Flow: flow, MethodID: methodID,
		Provider: s.provider.Name(), IdempotencyKey: "pay-" + id, AmountCents: d.AmountCents, VATCents: d.VATCents,
		Currency: Currency, Lines: d.Lines, ExtOrderLockerID: d.OrderLockerID, ExtNewEnd: d.NewEnd,
		State: Pending, CreatedAt: now, UpdatedAt: now}
	return p, tx.InsertPayment(ctx, p)
}

// reusable reports an open attempt that may be sent again: an unanswered
// charge, or a link that is still fresh.
func reusable(a Payment, now time.Time) bool {
	if a.Flow == FlowCharge {
		return a.State == Pending
	}
	return a.State == Pending && now.Sub(a.CreatedAt) < LinkReuseFor
}

// unanswered records a charge the provider did not answer: the order waits
// for payment again (keeping its hold), unless a notification decided meanwhile.
func (s *Service) unanswered(ctx context.Context, p Payment) error {
	return s.inOrder(ctx, p.UserID, p.OrderID, func(ctx context.Context, tx Tx, o *order.Order, now time.Time) error {
		cur, err := tx.Payment(ctx, p.ID)
		if err != nil {
			return err
		}
		if cur.State == Pending && o.InFlight() {
			o.ChargeUnanswered(now)
		}
		return nil
	})
}

// description is what the user's statement and the hosted page say, in lang
// (the hosted page's language; English when none is asked for). The words are
// the invoice lines' (invoicepdf labels).
func description(p Payment, lang string) string {
	what := map[bool]map[string]string{
		false: {"en": "Locker rental", "et": "Kapi rent"},
		true:  {"en": "Rental extension", "et": "Rendi pikendus"},
	}[p.Kind == order.DueExtension]
	s, ok := what[lang]
	if !ok {
		s = what["en"]
	}
	return s + " " + p.OrderID[:8]
}
