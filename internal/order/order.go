// Package order is the orders domain (product.md "Orders: life cycle"): booking
// concrete lockers for a timeframe, confirming (free by coupon or waiting for
// payment), cancelling, extending, and the sweep that moves orders through their
// statuses over time. The database guarantees that no locker is ever booked twice
// for overlapping time (see ordersql and migration 00003).
package order

import (
	"slices"
	"time"

	"lockers/internal/promo"
	"lockers/internal/station"
)

// Status is the server's truth about an order; the client shows the spec's labels.
type Status string

// Statuses of spec §4 that an order itself takes.
const (
	Reserved   Status = "reserved"   // lockers held for HoldFor while the user confirms
	Unfinished Status = "unfinished" // the hold ran out before confirmation or payment
	Unpaid     Status = "unpaid"     // confirmed, waiting for a payment
	Processing Status = "processing" // a payment is in flight at the provider
	Booked     Status = "booked"     // paid or free, not started yet
	Active     Status = "active"     // within its timeframe
	Extended   Status = "extended"   // booked or active, after an extension
	Expired    Status = "expired"    // its end has passed
	Finalized  Status = "finalized"  // closed and settled
	Cancelled  Status = "cancelled"  // cancelled by the user, no refund
	Refunded   Status = "refunded"   // cancelled by the user and refunded
	Failed     Status = "failed"     // the payment failed (before issue 26; a decline now leaves the order unpaid)
	Deleted    Status = "deleted"    // removed by an operator
)

// BookedNotStarted is the label of a booked order whose start is still ahead.
const BookedNotStarted = "booked-not-started"

// Timing rules (spec §9, product.md).
const (
	// HoldFor is how long a reservation (and an unpaid order) keeps its lockers.
	HoldFor = 15 * time.Minute
	// RefundWithin: only orders created less than this before the cancel are refunded.
	RefundWithin = 15 * time.Minute
	// FinalizeAfter is the grace after the end before an expired order is closed,
	// time for late picking reports and settlement.
	FinalizeAfter = 24 * time.Hour
	// MaxLockers is how many lockers one order may book.
	MaxLockers = 5
	// MaxPaymentHold bounds how long a payment in flight may keep renewing a
	// hold (counted from the confirmation, or from the extension's request).
	MaxPaymentHold = time.Hour
)

// Releases reports whether an order in this status no longer holds its lockers.
func (s Status) Releases() bool {
	return slices.Contains([]Status{Unfinished, Cancelled, Refunded, Failed, Deleted}, s)
}

// Confirmed reports a status that is paid for or free: the order is the user's.
func (s Status) Confirmed() bool {
	return slices.Contains([]Status{Booked, Active, Extended}, s)
}

// ActiveStatuses are the statuses listed under "active orders"; the rest is history.
var ActiveStatuses = []Status{Reserved, Unpaid, Processing, Booked, Active, Extended}

// Order is a user's booking of one or more lockers of one product at a station.
type Order struct {
	ID, UserID string
	Station    station.Station
	Product    station.Product
	Status     Status
	Start, End time.Time // UTC; End is the latest end of its lockers
	// ReservedUntil ends the hold of a reserved or unpaid order.
	ReservedUntil time.Time
	// Coupon is the coupon proposed for the order or, when CouponUsed, spent on it.
	Coupon         *promo.Coupon
	CouponUsed     bool
	IdempotencyKey string
	CancelNote     string
	ConfirmedAt    time.Time
	CancelledAt    time.Time
	CreatedAt      time.Time
	UpdatedAt      time.Time
	Lockers        []Locker
	Lines          []Line
	// PaidCents is the money kept for the order (every payment, extensions
	// included, less refunds); RefundedCents what was given back.
	PaidCents, RefundedCents int64
	// PaymentState is the state of the latest payment attempt; "" when none.
	PaymentState PaymentState
	// Extension is a later end waiting for its charge (see Extend), or nil.
	Extension *Extension
	// PaidExtension is the extension a payment has just made the owner's (set
	// by Paid for the save hook to tell the owner, issue 46); never stored.
	PaidExtension *Extension
}

// Locker is one compartment of an order with its keypad codes.
type Locker struct {
	ID              string
	LockerID, Label string
	Dimensions      station.Dimensions
	Status          string // booked | delivered | picked
	DeliveryCode    string
	PickingCode     string
	DeliveryUsedAt  time.Time
	PickingUsedAt   time.Time
	OpenedAt        time.Time
	Start, End      time.Time
}

// Line kinds of an order's price.
const (
	LineRental    = "rental"
	LineExtension = "extension"
	LineCoupon    = "coupon"
)

// Line is one price line; a coupon line is negative and cancels what it covers.
type Line struct {
	ID          string
	Kind        string
	Quantity    int
	Days, Hours int
	AmountCents int64 // VAT included
	VATCents    int64
	// From and To are the period the line pays for (UTC): the booked timeframe
	// for a rental, from the old end to the new one for an extension; zero on a
	// coupon line and on lines written before periods were kept.
	From, To time.Time
	// Capped: the started hours of the remainder cost the daily rate (the
	// daily cap, station.Price.Capped); for an extension, of the new total.
	Capped    bool
	CreatedAt time.Time
}

// Totals sums the price lines: what the order costs and the VAT in it.
func (o Order) Totals() (cents, vat int64) {
	for _, l := range o.Lines {
		cents += l.AmountCents
		vat += l.VATCents
	}
	return cents, vat
}

// Label is the spec §4 label for the order at now.
func (o Order) Label(now time.Time) string {
	if o.Status == Booked && now.Before(o.Start) {
		return BookedNotStarted
	}
	return string(o.Status)
}

// LockerByID finds one of the order's lockers.
func (o Order) LockerByID(id string) (Locker, bool) {
	for _, l := range o.Lockers {
		if l.ID == id {
			return l, true
		}
	}
	return Locker{}, false
}
