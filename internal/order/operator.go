package order

import (
	"context"
	"errors"
	"time"

	"lockers/internal/apperr"
)

// What an operator may do to an order is decided here, not by the back
// office or by SQL: the back office asks Actions to offer only what these
// rules accept, and runs the change through DeleteByOperator, FreeHold and
// MoveBooking inside its own transaction (OperatorSteps), so the screen and
// the write never disagree.

// Refusal names why the orders domain refuses an operator's action ("" when
// it accepts it). The admin screen says the reason beside the action.
type Refusal string

// Refusals of an operator's action.
const (
	Accepted        Refusal = ""
	AlreadyDeleted  Refusal = "deleted"           // deleted before
	PaymentInFlight Refusal = "payment_in_flight" // the provider's answer decides the order
	KeepsMoney      Refusal = "keeps_money"       // refund it first: a full refund ends the rental
	RentalRunning   Refusal = "running"           // its owner's things may be inside
	NothingKept     Refusal = "nothing_kept"      // no money on the order to refund
	NotHeld         Refusal = "not_held"          // not a hold: nothing to free
	BookingOver     Refusal = "booking_over"      // the booking no longer holds that compartment
)

// Standing is what decides an operator's actions on an order: its status,
// the money it keeps and whether a payment is at the provider.
type Standing struct {
	Status    Status
	PaidCents int64
	InFlight  bool
}

// Standing reads the order's standing.
func (o Order) Standing() Standing {
	return Standing{Status: o.Status, PaidCents: o.PaidCents, InFlight: o.InFlight()}
}

// DeleteRefusal: an operator may delete only an order that holds no money
// and no one's things, with no payment at the provider. A paid order is
// refunded instead (a full refund ends the rental), so its money is never
// lost with the order.
func (s Standing) DeleteRefusal() Refusal {
	switch {
	case s.Status == Deleted:
		return AlreadyDeleted
	case s.InFlight:
		return PaymentInFlight
	case s.PaidCents > 0:
		return KeepsMoney
	case s.Status == Active || s.Status == Extended:
		return RentalRunning
	}
	return Accepted
}

// RefundRefusal: an operator may refund only money the order still keeps.
func (s Standing) RefundRefusal() Refusal {
	if s.PaidCents <= 0 {
		return NothingKept
	}
	return Accepted
}

// FreeHoldRefusal: an operator may end a hold (reserved or unpaid) as its
// running out would, but not while a payment is at the provider.
func (s Standing) FreeHoldRefusal() Refusal {
	switch {
	case s.InFlight:
		return PaymentInFlight
	case s.Status == Reserved || s.Status == Unpaid:
		return Accepted
	}
	return NotHeld
}

// Actions are the operator's actions on an order and the refusal of each
// ("" when the orders domain would accept it now).
type Actions struct {
	Delete, Refund, FreeHold Refusal
}

// ActionsFor lists what an operator may do to an order of this standing.
func ActionsFor(s Standing) Actions {
	return Actions{Delete: s.DeleteRefusal(), Refund: s.RefundRefusal(), FreeHold: s.FreeHoldRefusal()}
}

// MoveRefusal: a booking may move to another compartment (its own went out
// of service) while its order holds it: the order is not over or let go, the
// booking is on compartment from and has not ended at now.
func MoveRefusal(o Order, orderLockerID, from string, now time.Time) Refusal {
	if o.Status.Releases() || o.Status == Expired || o.Status == Finalized {
		return BookingOver
	}
	for _, l := range o.Lockers {
		if l.ID == orderLockerID {
			if l.LockerID != from || !l.End.After(now) {
				return BookingOver
			}
			return Accepted
		}
	}
	return BookingOver
}

// OperatorSteps are the orders store's steps an operator's change takes
// inside the caller's transaction (ordersql.OperatorIn; the back office's unit
// of work, which records the audit row in it too).
type OperatorSteps interface {
	// Lock reads the user's order and locks it until the transaction ends;
	// ErrNotFound when there is none.
	Lock(ctx context.Context, userID, id string) (Order, error)
	// Save writes the order as Store.Change does: its lockers are let go when
	// its status Releases.
	Save(ctx context.Context, o Order) error
	// ReturnCoupon gives one free order back to a coupon.
	ReturnCoupon(ctx context.Context, couponID string) error
	// MoveBooking moves a live booking from one compartment to another of
	// its station; its codes stay (the station looks them up by booking).
	// False when it is not live on from any more.
	MoveBooking(ctx context.Context, orderLockerID, from, to string, at time.Time) (bool, error)
}

// lockForOperator locks an order for an operator's change, ORDER_NOT_FOUND for none.
func lockForOperator(ctx context.Context, tx OperatorSteps, userID, id string) (Order, error) {
	o, err := tx.Lock(ctx, userID, id)
	if errors.Is(err, ErrNotFound) {
		return Order{}, notFound()
	}
	return o, err
}

// DeleteByOperator deletes an order an operator removes (DeleteRefusal;
// CANT_CHANGE when refused): its lockers are let go and the free order its
// coupon paid is given back (couponReturned). The operator's note is the
// audit log's, not the order's cancel note, which its owner reads as their
// own reason.
func DeleteByOperator(ctx context.Context, tx OperatorSteps, userID, id string, at time.Time) (couponReturned bool, err error) {
	o, err := lockForOperator(ctx, tx, userID, id)
	if err != nil {
		return false, err
	}
	if r := o.Standing().DeleteRefusal(); r != Accepted {
		return false, apperr.New(apperr.CantChange, "this order cannot be deleted: %s", r)
	}
	if o.CouponUsed && o.Coupon != nil {
		if err := tx.ReturnCoupon(ctx, o.Coupon.ID); err != nil {
			return false, err
		}
		couponReturned = true
	}
	o.Status, o.CouponUsed, o.UpdatedAt = Deleted, false, at
	return couponReturned, tx.Save(ctx, o)
}

// FreeHold ends a hold now as its running out would (FreeHoldRefusal;
// NOT_RESERVED when refused): the order is unfinished and its lockers free.
func FreeHold(ctx context.Context, tx OperatorSteps, userID, id string, at time.Time) (Order, error) {
	o, err := lockForOperator(ctx, tx, userID, id)
	if err != nil {
		return Order{}, err
	}
	if r := o.Standing().FreeHoldRefusal(); r != Accepted {
		return Order{}, apperr.New(apperr.NotReserved, "this order holds no locker that can be freed: %s", r)
	}
	o.Status, o.UpdatedAt = Unfinished, at
	return o, tx.Save(ctx, o)
}

// MoveBooking moves one booking of an order from compartment from to to, at
// the same station (its own went out of service), when MoveRefusal accepts
// it; it reports false, changing nothing, when the booking is over or has
// moved already.
func MoveBooking(ctx context.Context, tx OperatorSteps, userID, orderID, orderLockerID, from, to string, at time.Time) (bool, error) {
	o, err := lockForOperator(ctx, tx, userID, orderID)
	if err != nil {
		return false, err
	}
	if MoveRefusal(o, orderLockerID, from, at) != Accepted {
		return false, nil
	}
	return tx.MoveBooking(ctx, orderLockerID, from, to, at)
}
