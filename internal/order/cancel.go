package order

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"lockers/internal/apperr"
)

// MaxNoteLength caps a cancel note.
const MaxNoteLength = 500

// Cancel cancels the user's order with a note (MISSING_NOTE without one) and
// frees its lockers. A paid order created less than RefundWithin ago is refunded
// (spec §9): every payment of it, extensions included, goes back through the
// payment provider first, and only then is the order marked refunded. When the
// provider fails the order stays as it was (REFUND_ERROR, or CANT_REFUND when
// it refuses); cancelling again refunds only what is left. A free order gets its coupon's free order back when
// it is cancelled before it starts.
func (s *Service) Cancel(ctx context.Context, userID, id, note string) (Order, error) {
	note = strings.TrimSpace(note)
	if note == "" {
		return Order{}, apperr.Field(apperr.MissingNote, "note", "a reason is required")
	}
	if utf8.RuneCountInString(note) > MaxNoteLength {
		return Order{}, apperr.Field(apperr.BadInput, "note", "the reason is too long")
	}
	o, err := s.Get(ctx, userID, id)
	if err != nil {
		return Order{}, err
	}
	now := s.Now()
	if err := cancellable(o); err != nil {
		return Order{}, err
	}
	// A refund begun within the window (then interrupted by the provider) is
	// finished even when the retry comes later.
	refund := o.PaidCents > 0 && (now.Sub(o.CreatedAt) < RefundWithin || o.RefundedCents > 0)
	if refund {
		if s.refunds == nil {
			return Order{}, apperr.New(apperr.RefundError, "refunds are not available")
		}
		if err := s.refunds.RefundOrder(ctx, o); err != nil {
			return Order{}, err
		}
	}
	return s.change(ctx, userID, id, "cancel", func(ctx context.Context, tx Tx, o *Order) error {
		if err := cancellable(*o); err != nil {
			return err
		}
		if refund && o.PaidCents > 0 {
			// A payment arrived between the refunds and now: cancelling again
			// refunds it too.
			return apperr.New(apperr.CantChange, "a payment has just arrived; please try again")
		}
		return s.cancelIn(ctx, tx, o, note, refund || o.RefundedCents > 0 && o.PaidCents == 0, now)
	})
}

// cancellable refuses what cannot be cancelled now.
func cancellable(o Order) error {
	switch o.Status {
	case Cancelled:
		return apperr.New(apperr.OrderAlreadyCancelled, "the order is cancelled already")
	case Deleted:
		return apperr.New(apperr.OrderAlreadyDeleted, "the order is deleted")
	case Processing:
		return apperr.New(apperr.CantChange, "a payment is in progress; try again in a moment")
	case Reserved, Unpaid, Booked, Active, Extended:
	default:
		return closedError(o.Status)
	}
	if o.InFlight() {
		return apperr.New(apperr.CantChange, "a payment is in progress; try again in a moment")
	}
	return nil
}

// cancelIn marks the order cancelled (refunded when its money went back).
func (s *Service) cancelIn(ctx context.Context, tx Tx, o *Order, note string, refunded bool, now time.Time) error {
	if err := o.dropExtension(ctx, tx); err != nil {
		return err
	}
	o.Status = Cancelled
	if refunded {
		o.Status = Refunded
	}
	if o.CouponUsed && now.Before(o.Start) {
		if err := tx.ReturnCoupon(ctx, o.Coupon.ID); err != nil {
			return err
		}
		o.CouponUsed = false
		o.Coupon.Remaining++
	}
	o.CancelNote = note
	o.CancelledAt = now
	o.UpdatedAt = now
	return nil
}

// EndRefunded ends a rental whose money an operator gave back in full (the back
// office's full refund, docs/decisions/063-operator-actions-on-bookings.md), or
// a free one an operator had to cancel (its compartment went out of service
// with no other free): a booked or running order becomes refunded (cancelled
// when it never held money, its coupon's free order given back before the
// start), its lockers are let go (codes and doors stop working) and a pending
// extension is dropped. An order that still keeps money is CANT_CHANGE; one
// that is over already stays as it is.
func (s *Service) EndRefunded(ctx context.Context, userID, id string) (Order, error) {
	now := s.Now()
	return s.change(ctx, userID, id, "end refunded", func(ctx context.Context, tx Tx, o *Order) error {
		switch o.Status {
		case Reserved, Unpaid, Booked, Active, Extended:
		default:
			return nil
		}
		if o.PaidCents > 0 || o.InFlight() {
			return apperr.New(apperr.CantChange, "money is still kept on this order")
		}
		return s.cancelIn(ctx, tx, o, "", o.RefundedCents > 0, now)
	})
}
