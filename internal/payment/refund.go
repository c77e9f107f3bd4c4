package payment

import (
	"context"
	"errors"
	"fmt"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/order"
)

// RefundOrder refunds every payment the order kept, extensions included, each
// in full through the provider (order.Refunds, for order.cancel). It stops at
// the first payment the provider does not refund and answers REFUND_ERROR (no
// answer) or CANT_REFUND (refused): the caller then leaves the order as it is,
// and a later call refunds only what is left. A payment has one refund row (the database refuses a second), and its
// idempotency key changes only after the provider refused it for good, so a
// retry after a timeout never refunds twice.
func (s *Service) RefundOrder(ctx context.Context, o order.Order) error {
	var kept []Payment
	err := s.store.InTx(ctx, func(ctx context.Context, tx Tx) error {
		var err error
		kept, err = tx.Kept(ctx, o.ID)
		return err
	})
	if err != nil {
		return fmt.Errorf("payment: kept payments: %w", err)
	}
	for _, p := range kept {
		id, err := s.refundFor(ctx, p)
		if err != nil {
			return err
		}
		if id == "" {
			continue
		}
		if err := s.sendRefund(ctx, id); err != nil {
			s.log.WarnContext(ctx, "payment: refund failed", "payment", p.ID, "refund", id, "err", err)
			if errors.Is(err, ErrRefused) {
				return apperr.New(apperr.CantRefund, "the payment provider refuses this refund; please contact our support")
			}
			return apperr.New(apperr.RefundError, "the refund could not be made; please try again")
		}
	}
	return nil
}

// refundFor returns the refund of p, made now or retried: a refused one gets a
// new attempt (and key), a pending one keeps its key.
func (s *Service) refundFor(ctx context.Context, p Payment) (string, error) {
	var id string
	err := s.store.InTx(ctx, func(ctx context.Context, tx Tx) error {
		now := s.Now()
		r, err := tx.RefundOf(ctx, p.ID)
		switch {
		case errors.Is(err, ErrNotFound):
			part, err := tx.PartRefunded(ctx, p.ID)
			if err != nil {
				return err
			}
			left := p.AmountCents - part
			if left <= 0 {
				return nil // partial refunds gave it all back already
			}
			r = Refund{ID: newID(), PaymentID: p.ID, OrderID: p.OrderID, UserID: p.UserID, Provider: p.Provider,
				Attempt: 1, AmountCents: left, VATCents: vatShare(p, left), Currency: p.Currency, Reason: ReasonCancel,
				Note: order.RefundReason(ctx), State: RefundPending, CreatedAt: now, UpdatedAt: now}
			id = r.ID
			return tx.InsertRefund(ctx, r)
		case err != nil:
			return err
		case r.State == RefundFailed:
			r.Attempt++
			r.State, r.Failure, r.UpdatedAt = RefundPending, "", now
			if err := tx.SaveRefund(ctx, r); err != nil {
				return err
			}
		}
		id = r.ID
		return nil
	})
	return id, err
}

// sendRefund asks the provider to refund and records its answer. Accepted, the
// payment is refunded and, for a cancel, the order's money goes down. No
// answer leaves the refund pending (the same key goes next time); a refusal
// marks it failed.
func (s *Service) sendRefund(ctx context.Context, refundID string) error {
	r, p, err := s.refundAndPayment(ctx, refundID)
	if err != nil || r.State != RefundPending {
		return err
	}
	pctx, cancel := s.call(ctx)
	ref, err := s.provider.Refund(pctx, RefundRequest{RefundID: r.ID, Payment: p, AmountCents: r.AmountCents,
		IdempotencyKey: r.IdempotencyKey()})
	cancel()
	if errors.Is(err, ErrRefused) {
		s.log.ErrorContext(ctx, "payment alarm: the provider refused a refund", "alarm", true, "refund", r.ID,
			"payment", p.ID, "order", p.OrderID, "err", err)
		if err := s.refundState(ctx, r.ID, func(r *Refund) { r.State, r.Failure = RefundFailed, err.Error() }); err != nil {
			return err
		}
		return err
	}
	if err != nil {
		_ = s.refundState(ctx, r.ID, func(*Refund) {}) // asked just now
		return err
	}
	return s.refundAccepted(ctx, r.ID, ref)
}

// refundAndPayment reads a refund and its payment.
func (s *Service) refundAndPayment(ctx context.Context, refundID string) (Refund, Payment, error) {
	var (
		r Refund
		p Payment
	)
	err := s.store.InTx(ctx, func(ctx context.Context, tx Tx) error {
		var err error
		if r, err = tx.Refund(ctx, refundID); err != nil {
			return err
		}
		p, err = tx.Payment(ctx, r.PaymentID)
		return err
	})
	return r, p, err
}

// refundState changes a refund alone (no money moved).
func (s *Service) refundState(ctx context.Context, refundID string, fn func(*Refund)) error {
	return s.store.InTx(ctx, func(ctx context.Context, tx Tx) error {
		r, err := tx.Refund(ctx, refundID)
		if err != nil {
			return err
		}
		fn(&r)
		r.UpdatedAt = s.Now()
		return tx.SaveRefund(ctx, r)
	})
}

// refundAccepted records the provider's acceptance of a refund, once: the
// payment is refunded and a cancel's order has its money back.
func (s *Service) refundAccepted(ctx context.Context, refundID, ref string) error {
	r, _, err := s.refundAndPayment(ctx, refundID)
	if err != nil {
		return err
	}
	accepted := false
	var told Returned // a surplus refund the customer is told of
	err = s.inOrder(ctx, r.UserID, r.OrderID, func(ctx context.Context, tx Tx, o *order.Order, now time.Time) error {
		p, err := tx.Payment(ctx, r.PaymentID)
		if err != nil {
			return err
		}
		r, err := tx.Refund(ctx, refundID)
		if err != nil || r.State == RefundSucceeded {
			return err
		}
		if ref != "" {
			r.ProviderRef = ref
		}
		r.State, r.Failure, r.RefundedAt, r.UpdatedAt = RefundSucceeded, "", now, now
		if err := tx.SaveRefund(ctx, r); err != nil {
			return err
		}
		accepted = true
		if r.Reason == ReasonSurplus {
			told = Returned{RefundID: r.ID, UserID: r.UserID, OrderID: r.OrderID, AmountCents: r.AmountCents,
				StationName: o.Station.Name, StationZone: o.Station.TimeZone, Start: o.Start, End: o.End}
		}
		if p.State != Paid {
			return nil
		}
		if r.Reason == ReasonCancel || r.Reason == ReasonPartial {
			o.Refunded(r.AmountCents, now)
		}
		if r.Reason == ReasonPartial {
			part, err := tx.PartRefunded(ctx, p.ID)
			if err != nil || part < p.AmountCents {
				return err // some of it is still kept
			}
		}
		p.State, p.UpdatedAt = Refunded, now
		return tx.SavePayment(ctx, p)
	})
	if accepted {
		s.wake() // the credit note
	}
	if err == nil && told.RefundID != "" && s.returned != nil {
		if terr := s.returned(ctx, told); terr != nil {
			s.log.WarnContext(ctx, "payment: the customer was not told of a returned payment", "refund", refundID, "err", terr)
		}
	}
	return err
}

// Returned is money that came for an order that no longer waited for it (a
// stale payment link paid after the order was paid another way, a charge
// answered too late) and went back: the customer is told, on the order.
type Returned struct {
	RefundID, UserID, OrderID string
	AmountCents               int64
	StationName, StationZone  string
	Start, End                time.Time
}
