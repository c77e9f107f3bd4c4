package order

import (
	"context"

	"lockers/internal/apperr"
)

// Confirm accepts the terms for a reserved order. When its coupon still has a
// free order left, the coupon pays: one free order is spent and the order is
// booked (or active, when it has started). Otherwise the order waits for payment
// as unpaid, holding its lockers for another HoldFor.
//
// A repeated confirm (a double tap, a retry on a slow network) answers with
// the order as the first one left it, booked or unpaid, and changes nothing:
// it tells the user the first one's result rather than an error (issue 43).
func (s *Service) Confirm(ctx context.Context, userID, id string, acceptTerms bool) (Order, error) {
	if !acceptTerms {
		return Order{}, apperr.Field(apperr.MustAcceptTerms, "acceptTerms", "you must accept the terms")
	}
	o, err := s.confirm(ctx, userID, id)
	if apperr.CodeOf(err) == apperr.OrderAlreadyConfirmed {
		return s.Get(ctx, userID, id)
	}
	return o, err
}

func (s *Service) confirm(ctx context.Context, userID, id string) (Order, error) {
	return s.change(ctx, userID, id, "confirm", func(ctx context.Context, tx Tx, o *Order) error {
		now := s.Now()
		switch {
		case o.Status == Unpaid || o.Status == Processing || o.Status.Confirmed():
			return apperr.New(apperr.OrderAlreadyConfirmed, "the order is confirmed already")
		case o.Status != Reserved:
			return closedError(o.Status)
		case !now.Before(o.ReservedUntil):
			return apperr.New(apperr.OrderExpired, "the reservation has run out; please book again")
		}
		o.ConfirmedAt = now
		o.UpdatedAt = now
		if o.Coupon != nil {
			ok, err := tx.UseCoupon(ctx, o.Coupon.ID, now)
			if err != nil {
				return err
			}
			if ok {
				o.CouponUsed = true
				o.Coupon.Remaining--
				o.Status = Booked
				if !now.Before(o.Start) {
					o.Status = Active
				}
				return nil
			}
			// Spent elsewhere since the order was made: the order now costs money.
			if err := tx.DeleteLines(ctx, o.ID, LineCoupon); err != nil {
				return err
			}
			o.Coupon = nil
		}
		o.Status = Unpaid
		o.ReservedUntil = now.Add(HoldFor)
		return nil
	})
}
