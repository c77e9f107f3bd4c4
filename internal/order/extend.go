package order

import (
	"context"
	"errors"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/audit"
	"lockers/internal/station"
)

// Extend moves one locker's end of a confirmed order to end (entered in the
// station's zone). The same locker must be free until then, else
// ORDER_CANT_BE_EXTENDED; the database refuses an overlap, so two extensions or
// an extension and a booking cannot both win.
//
// A free order (its coupon paid) stays free: the difference is added as a line
// and cancelled by a coupon line, at once. A paid order's extension costs the
// difference: the locker's booking reaches the new end at once, so nobody can
// take that time, but the order keeps its old end until the charge is paid
// (order.pay or order.paymentLink), as Extension, for HoldFor; a declined
// charge or a lapsed hold gives the time back. Asking for another end while one
// waits replaces it, unless its charge is already in flight (CANT_CHANGE). A
// difference of zero (within the same priced day) applies at once.
func (s *Service) Extend(ctx context.Context, userID, id, orderLockerID, endIn string) (Order, error) {
	return s.extend(ctx, userID, id, orderLockerID, endIn, false, false, nil)
}

// ExtendAudited is Extend made by an operator on the owner's behalf: the
// extension and the audit entry record makes of the order before and after
// it commit in one transaction (the orders store writes the entry through the
// audit log's writer, Tx.Audit). A goodwill extension is free for the owner:
// it applies at once, its price line is cancelled by a discount line of the
// same amount (0 to pay, as a free order's), and nothing waits for a payment;
// otherwise a paid order's extension waits for the owner's payment as theirs
// would (Extension, HoldFor).
func (s *Service) ExtendAudited(ctx context.Context, userID, id, orderLockerID, endIn string, goodwill bool,
	record func(before, after Order) audit.Entry) (Order, error) {
	return s.extend(ctx, userID, id, orderLockerID, endIn, false, goodwill, record)
}

// ExtendElsewhere is Extend with the fallback: when the locker's own
// compartment is booked by someone else before the new end, the rental moves
// (its whole timeframe, codes and price) to a free compartment of the same kind
// at the station and is extended there, in one step; LOCKERS_NOT_AVAILABLE
// when none is free. When its own compartment is free it is plain Extend.
func (s *Service) ExtendElsewhere(ctx context.Context, userID, id, orderLockerID, endIn string) (Order, error) {
	return s.extend(ctx, userID, id, orderLockerID, endIn, true, false, nil)
}

func (s *Service) extend(ctx context.Context, userID, id, orderLockerID, endIn string, move, goodwill bool,
	record func(before, after Order) audit.Entry) (Order, error) {
	if endIn == "" {
		return Order{}, apperr.Field(apperr.MissingParams, "end", "end is required")
	}
	if orderLockerID == "" {
		return Order{}, apperr.Field(apperr.MissingParams, "orderLockerUuid", "order locker is required")
	}
	apply := func(ctx context.Context, tx Tx, o *Order) error {
		now := s.Now()
		// An end past the horizon is bad input whatever the order's state.
		if end, ok := station.ParseInstant(endIn, o.Station.Location(), true); ok && end.After(s.stations.LatestEnd()) {
			return apperr.Field(apperr.BadInput, "end", "the end is too far ahead")
		}
		switch {
		case o.Status == Reserved || o.Status == Unpaid || o.Status == Processing:
			return apperr.New(apperr.OrderIsNotConfirmed, "the order is not confirmed yet")
		case !o.Status.Confirmed():
			return closedError(o.Status)
		}
		l, ok := o.LockerByID(orderLockerID)
		if !ok {
			return apperr.Field(apperr.LockerNotFound, "orderLockerUuid", "locker not found in this order")
		}
		end, ok := station.ParseInstant(endIn, o.Station.Location(), true)
		if !ok {
			return apperr.Field(apperr.BadInput, "end", "end is not a date or time")
		}
		if !now.Before(l.End) {
			return apperr.New(apperr.OrderExpired, "this locker's time is over")
		}
		if !end.After(l.End) {
			return apperr.Field(apperr.BadInput, "end", "the new end must be after the current end")
		}
		if end.Sub(l.Start) > station.MaxDuration {
			return apperr.Field(apperr.BadInput, "end", "a booking lasts at most 31 days")
		}
		if o.InFlight() {
			return apperr.New(apperr.CantChange, "a payment for this order is in progress; try again in a moment")
		}
		line := extensionLine(o.Station.Prices, o.Product, l.Start, l.End, end, now)
		if x := o.Extension; x != nil && x.OrderLockerID != l.ID {
			if err := o.dropExtension(ctx, tx); err != nil {
				return err
			}
		}
		o.Extension = nil
		var err error
		if move {
			err = extendOrMove(ctx, tx, l.ID, end)
		} else {
			err = tx.ExtendLocker(ctx, l.ID, end)
		}
		if errors.Is(err, ErrNoLockers) {
			return apperr.New(apperr.LockersNotAvailable, "no compartment of this kind is free until then")
		}
		if errors.Is(err, ErrLockerTaken) {
			return apperr.New(apperr.OrderCantBeExtended, "the locker is booked by someone else in that time")
		}
		if err != nil {
			return err
		}
		o.UpdatedAt = now
		if line.AmountCents > 0 && !o.CouponUsed && !goodwill {
			o.Extension = &Extension{OrderLockerID: l.ID, OldEnd: l.End, NewEnd: end,
				AmountCents: line.AmountCents, VATCents: line.VATCents, Days: line.Days, Hours: line.Hours,
				Capped: line.Capped, HoldUntil: now.Add(HoldFor), CreatedAt: now}
			// The order's money is as it was (paid) until the extension's own
			// payment starts: its state never goes blank (issue 42).
			if o.PaidCents > 0 {
				o.PaymentState = PaymentPaid
			}
			return nil
		}
		if err := tx.AddLine(ctx, o.ID, line); err != nil {
			return err
		}
		if o.CouponUsed || goodwill && line.AmountCents > 0 {
			if err := tx.AddLine(ctx, o.ID, couponLine(line.AmountCents, now)); err != nil {
				return err
			}
		}
		if end.After(o.End) {
			o.End = end
		}
		o.Status = Extended
		return nil
	}
	return s.change(ctx, userID, id, "extend", func(ctx context.Context, tx Tx, o *Order) error {
		before := *o
		if err := apply(ctx, tx, o); err != nil || record == nil {
			return err
		}
		return tx.Audit(ctx, record(before, *o))
	})
}

// extendOrMove extends the order locker in its own compartment when that is
// free until end, else moves it to a free one of the same kind.
func extendOrMove(ctx context.Context, tx Tx, orderLockerID string, end time.Time) error {
	free, err := tx.LockerFreeUntil(ctx, orderLockerID, end)
	if err != nil {
		return err
	}
	if free {
		return tx.ExtendLocker(ctx, orderLockerID, end)
	}
	return tx.MoveAndExtend(ctx, orderLockerID, end)
}
