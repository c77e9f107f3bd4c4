package order

import (
	"context"
	"strings"
	"unicode/utf8"

	"lockers/internal/apperr"
)

// MaxNoteLength caps a cancel note.
const MaxNoteLength = 500

// Cancel cancels the user's order with a note (MISSING_NOTE without one) and
// frees its lockers. A paid order created less than RefundWithin ago is refunded
// (spec §9; the payment provider carries the refund out); a free order gets its
// coupon's free order back when it is cancelled before it starts.
func (s *Service) Cancel(ctx context.Context, userID, id, note string) (Order, error) {
	note = strings.TrimSpace(note)
	if note == "" {
		return Order{}, apperr.Field(apperr.MissingNote, "note", "a reason is required")
	}
	if utf8.RuneCountInString(note) > MaxNoteLength {
		return Order{}, apperr.Field(apperr.BadInput, "note", "the reason is too long")
	}
	return s.change(ctx, userID, id, "cancel", func(ctx context.Context, tx Tx, o *Order) error {
		now := s.Now()
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
		paid := o.Status.Confirmed() && !o.CouponUsed
		o.Status = Cancelled
		if paid && now.Sub(o.CreatedAt) < RefundWithin {
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
	})
}
