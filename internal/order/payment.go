package order

import (
	"context"
	"time"

	"lockers/internal/apperr"
)

// PaymentState is the state of an order's latest payment attempt, shown to the
// owner while the app waits for the provider.
type PaymentState string

const (
	PaymentPending    PaymentState = "pending"    // a link is open, or a charge got no answer yet
	PaymentProcessing PaymentState = "processing" // the provider is deciding
	PaymentPaid       PaymentState = "paid"
	PaymentFailed     PaymentState = "failed" // declined
	PaymentRefunded   PaymentState = "refunded"
	PaymentExpired    PaymentState = "expired" // the hold ran out before the money came
)

// Extension is a locker's later end that waits for its charge. The locker's
// booking already reaches NewEnd, so nobody else can take that time, until
// HoldUntil; then (or when the charge is declined) OldEnd is put back. Lockers
// of a loaded order show OldEnd: the extra time is not the owner's yet.
type Extension struct {
	OrderLockerID  string
	OldEnd, NewEnd time.Time
	AmountCents    int64 // the price difference, VAT included
	VATCents       int64
	Days, Hours    int  // the extended locker's whole duration, priced
	Capped         bool // the daily cap priced Hours (station.Price.Capped)
	HoldUntil      time.Time
	CreatedAt      time.Time
}

// DueKind says what a payment buys.
type DueKind string

const (
	DueOrder     DueKind = "order"     // the order's own price (status unpaid)
	DueExtension DueKind = "extension" // the pending extension's difference
)

// Due is what the owner has to pay now.
type Due struct {
	Kind        DueKind
	AmountCents int64
	VATCents    int64
	Lines       []Line // what the payment buys, for the invoice
	// The extension paid for (DueExtension only).
	OrderLockerID string
	NewEnd        time.Time
}

// DueAt returns what is to be paid at now; false when nothing is (free, paid,
// over, or the hold ran out).
func (o Order) DueAt(now time.Time) (Due, bool) {
	switch {
	case o.Status == Unpaid || o.Status == Processing:
		total, vat := o.Totals()
		if total <= 0 || !now.Before(o.ReservedUntil) {
			return Due{}, false
		}
		return Due{Kind: DueOrder, AmountCents: total, VATCents: vat, Lines: o.Lines}, true
	case o.Extension != nil && o.Status.Confirmed() && now.Before(o.Extension.HoldUntil):
		x := o.Extension
		return Due{Kind: DueExtension, AmountCents: x.AmountCents, VATCents: x.VATCents,
			Lines:         []Line{x.line()},
			OrderLockerID: x.OrderLockerID, NewEnd: x.NewEnd}, true
	}
	return Due{}, false
}

// line is the price line the extension adds once it is paid.
func (x Extension) line() Line {
	return Line{ID: newID(), Kind: LineExtension, Quantity: 1, Days: x.Days, Hours: x.Hours,
		AmountCents: x.AmountCents, VATCents: x.VATCents, From: x.OldEnd, To: x.NewEnd, Capped: x.Capped,
		CreatedAt: x.CreatedAt}
}

// matches reports whether a payment for d is for this order's current due:
// an extension payment pays only the extension it was made for, so one made
// before the owner chose another end does not buy the new one.
func (o Order) matches(d Due) bool {
	switch d.Kind {
	case DueOrder:
		return o.Status == Unpaid || o.Status == Processing
	case DueExtension:
		x := o.Extension
		return x != nil && o.Status.Confirmed() && x.OrderLockerID == d.OrderLockerID && x.NewEnd.Equal(d.NewEnd)
	}
	return false
}

// Expects returns the amount a payment for d must bring; false when the order
// does not wait for one (then any payment for d is surplus).
func (o Order) Expects(d Due) (int64, bool) {
	if !o.matches(d) {
		return 0, false
	}
	if d.Kind == DueExtension {
		return o.Extension.AmountCents, true
	}
	total, _ := o.Totals()
	return total, true
}

// InFlight reports a payment the provider is still deciding: no second one may
// start meanwhile.
func (o Order) InFlight() bool {
	return o.Status == Processing || o.Extension != nil && o.PaymentState == PaymentProcessing
}

// PaymentStarted records that a payment for d goes to the provider. A
// saved-card charge moves an unpaid order to processing, and renews the hold
// for HoldFor (never past MaxPaymentHold) so the provider has time to decide;
// a payment link leaves the status as it is.
func (o *Order) PaymentStarted(d Due, charge bool, now time.Time) {
	o.UpdatedAt = now
	if !charge {
		o.PaymentState = PaymentPending
		return
	}
	o.PaymentState = PaymentProcessing
	switch d.Kind {
	case DueOrder:
		o.Status = Processing
		o.ReservedUntil = renewHold(o.ReservedUntil, o.ConfirmedAt, now)
	case DueExtension:
		o.Extension.HoldUntil = renewHold(o.Extension.HoldUntil, o.Extension.CreatedAt, now)
	}
}

func renewHold(until, from, now time.Time) time.Time {
	renewed := later(until, now.Add(HoldFor))
	if limit := from.Add(MaxPaymentHold); !from.IsZero() && renewed.After(limit) {
		return later(until, limit)
	}
	return renewed
}

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// ChargeUnanswered undoes PaymentStarted after the provider could not be
// reached: the order waits for payment again with its hold, and the attempt
// stays pending so a retry reuses its idempotency key.
func (o *Order) ChargeUnanswered(now time.Time) {
	if o.Status == Processing {
		o.Status = Unpaid
	}
	o.PaymentState = PaymentPending
	o.UpdatedAt = now
}

// PaymentProcessing records the provider saying it is still deciding.
func (o *Order) PaymentProcessing(d Due, now time.Time) {
	if !o.matches(d) || o.PaymentState == PaymentPaid {
		return
	}
	if d.Kind == DueOrder {
		o.Status = Processing
	}
	o.PaymentState = PaymentProcessing
	o.UpdatedAt = now
}

// Paid applies a verified payment of amount for d: an unpaid or processing
// order is booked (active when it has started), an extension's later end
// becomes the owner's. It reports false, changing nothing, when the order no
// longer waits for this payment (the hold ran out, it was cancelled, paid
// already or the extension changed): the caller gives the money back.
func (o *Order) Paid(ctx context.Context, tx Tx, d Due, amount int64, now time.Time) (bool, error) {
	if !o.matches(d) {
		return false, nil
	}
	switch d.Kind {
	case DueOrder:
		o.Status = Booked
		if !now.Before(o.Start) {
			o.Status = Active
		}
	case DueExtension:
		x := o.Extension
		if err := tx.AddLine(ctx, o.ID, x.line()); err != nil {
			return false, err
		}
		if x.NewEnd.After(o.End) {
			o.End = x.NewEnd
		}
		for i := range o.Lockers {
			if o.Lockers[i].ID == x.OrderLockerID {
				o.Lockers[i].End = x.NewEnd
			}
		}
		paid := *x
		o.PaidExtension = &paid
		o.Extension = nil
		o.Status = Extended
	}
	o.PaidCents += amount
	o.PaymentState = PaymentPaid
	o.UpdatedAt = now
	return true, nil
}

// Declined applies a verified refusal of the payment for d. An order that
// waited for it keeps its lockers and waits for payment again (unpaid) until
// its hold ends as it stood (ReservedUntil, not renewed): the owner may pay
// with another card or a link at once, and the sweep releases the order when
// the hold runs out, as any unpaid one (issue 26). A pending extension is
// dropped and the locker keeps its old end.
func (o *Order) Declined(ctx context.Context, tx Tx, d Due, now time.Time) error {
	if !o.matches(d) {
		return nil
	}
	switch d.Kind {
	case DueOrder:
		o.Status = Unpaid
	case DueExtension:
		if err := o.dropExtension(ctx, tx); err != nil {
			return err
		}
	}
	o.PaymentState = PaymentFailed
	o.UpdatedAt = now
	return nil
}

// Refunded records money given back.
func (o *Order) Refunded(amount int64, now time.Time) {
	o.PaidCents -= amount
	o.RefundedCents += amount
	if o.PaidCents == 0 {
		o.PaymentState = PaymentRefunded
	}
	o.UpdatedAt = now
}

// dropExtension gives the extension's extra time back.
func (o *Order) dropExtension(ctx context.Context, tx Tx) error {
	x := o.Extension
	if x == nil {
		return nil
	}
	if err := tx.ExtendLocker(ctx, x.OrderLockerID, x.OldEnd); err != nil {
		return err
	}
	o.Extension = nil
	return nil
}

// NotPayable explains, as a catalogue error, why nothing can be paid on the
// order at now (DueAt answered false).
func (o Order) NotPayable(now time.Time) error {
	switch {
	case o.Status == Reserved:
		return apperr.New(apperr.OrderIsNotConfirmed, "confirm the order first")
	case o.Status == Unpaid || o.Status == Processing:
		if total, _ := o.Totals(); total <= 0 {
			// An unpaid order always has a price; without one it cannot be charged.
			return apperr.New(apperr.CouldntCalculatePrice, "the order's price could not be calculated")
		}
		return apperr.New(apperr.OrderExpired, "the reservation has run out; please book again")
	case o.Status.Confirmed() && o.Extension != nil:
		return apperr.New(apperr.OrderExpired, "the extension's hold has run out; please extend again")
	case o.Status.Confirmed():
		return apperr.New(apperr.OrderAlreadyConfirmed, "the order is paid")
	}
	return closedError(o.Status)
}

// PaymentLapsed records that the attempt for d will not be paid (a link
// expired, a charge never answered): an order that waited on a charge waits for
// payment again.
func (o *Order) PaymentLapsed(d Due, now time.Time) {
	if !o.matches(d) {
		return
	}
	if o.Status == Processing {
		o.Status = Unpaid
	}
	o.PaymentState = PaymentExpired
	o.UpdatedAt = now
}
