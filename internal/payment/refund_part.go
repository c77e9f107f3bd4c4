package payment

import (
	"context"
	"errors"
	"fmt"

	"lockers/internal/apperr"
	"lockers/internal/order"
)

// RefundPart gives cents of an order's kept money back (an operator's partial
// refund, issue 15), through the provider like RefundOrder: the oldest kept
// payments first, each as a partial refund of at most what is left of it. More
// than the order keeps is CANT_REFUND. A payment all of whose money went back
// becomes refunded; the order's paid amount goes down by each accepted refund,
// and each gets its credit note. Unlike RefundOrder this is not idempotent:
// every call is a new refund (the back office records the request, with its
// note, before calling). The provider's refusal or silence answers as in
// RefundOrder; what went back before that stays back.
func (s *Service) RefundPart(ctx context.Context, o order.Order, cents int64) error {
	if cents <= 0 {
		return apperr.Field(apperr.BadInput, "amountCents", "the amount must be positive")
	}
	var ids []string
	err := s.store.InTx(ctx, func(ctx context.Context, tx Tx) error {
		kept, err := tx.Kept(ctx, o.ID)
		if err != nil {
			return err
		}
		now := s.Now()
		var rs []Refund
		left := cents
		for _, p := range kept {
			if left == 0 {
				break
			}
			if _, err := tx.RefundOf(ctx, p.ID); !errors.Is(err, ErrNotFound) {
				if err != nil {
					return err
				}
				continue // a whole refund of it is under way
			}
			part, err := tx.PartRefunded(ctx, p.ID)
			if err != nil {
				return err
			}
			take := min(p.AmountCents-part, left)
			if take <= 0 {
				continue
			}
			left -= take
			rs = append(rs, Refund{ID: newID(), PaymentID: p.ID, OrderID: p.OrderID, UserID: p.UserID,
				Provider: p.Provider, Attempt: 1, AmountCents: take, VATCents: vatShare(p, take), Currency: p.Currency,
				Reason: ReasonPartial, Note: order.RefundReason(ctx), State: RefundPending, CreatedAt: now, UpdatedAt: now})
		}
		if left > 0 {
			return apperr.Field(apperr.CantRefund, "amountCents", fmt.Sprintf("%d cents more than the order keeps", left))
		}
		for _, r := range rs {
			if err := tx.InsertRefund(ctx, r); err != nil {
				return err
			}
			ids = append(ids, r.ID)
		}
		return nil
	})
	if err != nil {
		if _, ok := apperr.As(err); ok {
			return err
		}
		return fmt.Errorf("payment: partial refund: %w", err)
	}
	for _, id := range ids {
		if err := s.sendRefund(ctx, id); err != nil {
			s.log.WarnContext(ctx, "payment: partial refund failed", "order", o.ID, "refund", id, "err", err)
			if errors.Is(err, ErrRefused) {
				return apperr.New(apperr.CantRefund, "the payment provider refuses this refund; please contact our support")
			}
			return apperr.New(apperr.RefundError, "the refund could not be made; please try again")
		}
	}
	return nil
}

// vatShare is the VAT inside cents of payment p: its share of p's VAT,
// rounded half up (all of p's VAT for all of p).
func vatShare(p Payment, cents int64) int64 {
	if p.AmountCents <= 0 || cents >= p.AmountCents {
		return p.VATCents
	}
	return (p.VATCents*cents*2 + p.AmountCents) / (2 * p.AmountCents)
}
