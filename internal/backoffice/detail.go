package backoffice

import (
	"time"

	"lockers/internal/order"
)

// PaymentRow is one payment attempt.
type PaymentRow struct {
	ID          string
	OrderID     string
	Kind        string // order or extension
	Flow        string // charge or link
	State       string
	AmountCents int64
	Currency    string
	CreatedAt   time.Time
	PaidAt      time.Time
}

// CouponRow is a pack a user holds.
type CouponRow struct {
	ID           string
	PackCode     string
	Remaining    int
	RegisteredAt time.Time
}

// DeviceRow is a device a user signed in on.
type DeviceRow struct {
	ID         string
	Platform   string
	Model      string
	AppVersion string
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

// EventRow is a client event (event.track).
type EventRow struct {
	ID        string
	Type      string
	UserID    string
	UserEmail string // "" when the event has no user or they are deleted
	Source    string
	Campaign  string
	CreatedAt time.Time
}

// UserDetail is a user's page: who they are and their newest records.
type UserDetail struct {
	User     UserRow
	Orders   []OrderRow
	Running  []OrderRow // booked or running rentals, by start: what a block leaves running
	Payments []PaymentRow
	Coupons  []CouponRow
	Devices  []DeviceRow
	Events   []EventRow
	// Invoices are the user's newest invoices and credit notes, by number.
	Invoices []InvoiceRow
}

// PriceLine is one line of an order's price.
type PriceLine struct {
	Kind        string
	Quantity    int
	Days, Hours int
	AmountCents int64
	VATCents    int64
	// From and To are the line's own period (zero on lines older than
	// periods): an extension's is the time it adds, while Days and Hours are
	// the rental's new total its price is taken from.
	From, To time.Time
	// Goodwill marks a discount line on an order that used no coupon: an
	// operator's goodwill extension, not a coupon.
	Goodwill bool
}

// LockerRow is a compartment an order holds or held.
type LockerRow struct {
	ID       string // the order_lockers row (what extending names)
	LockerID string
	Label    string
	Status   string
	StartsAt time.Time
	EndsAt   time.Time
	Live     bool
}

// RefundRow is a refund of one payment.
type RefundRow struct {
	ID          string
	PaymentID   string
	AmountCents int64
	Reason      string
	Note        string // the operator's reason for it ("" for a customer's own cancel)
	State       string
	CreatedAt   time.Time
	RefundedAt  time.Time
}

// InvoiceRow is an invoice or credit note of the order.
type InvoiceRow struct {
	ID         string
	OrderID    string
	Kind       string // invoice or credit_note
	Number     string
	State      string
	GrossCents int64
	CreatedAt  time.Time
}

// OrderDetail is an order's page for the back office.
type OrderDetail struct {
	Order    OrderRow
	Lines    []PriceLine
	Lockers  []LockerRow
	Payments []PaymentRow
	Refunds  []RefundRow
	Invoices []InvoiceRow
	Doors    []DoorCommandRow
	// Pending is an extension waiting for the owner's payment (nil for none).
	Pending *PendingExtension
	// Actions are what the orders domain would accept from an operator now
	// (order.ActionsFor): the screen offers only these and says why not the others.
	Actions order.Actions
}

// standing is what the orders domain's operator rules read of the order: a
// payment is at the provider when the order is processing, or its pending
// extension's payment is (order.Order.InFlight).
func (d OrderDetail) standing() order.Standing {
	inFlight := d.Order.Status == string(order.Processing) ||
		d.Pending != nil && d.Order.PaymentState == string(order.PaymentProcessing)
	return order.Standing{Status: order.Status(d.Order.Status), PaidCents: d.Order.PaidCents, InFlight: inFlight}
}

// PendingExtension is an extension of a paid order that waits for its
// payment: the order keeps its old end until it is paid, and it lapses at
// HoldUntil when it is not.
type PendingExtension struct {
	OrderLockerID  string
	OldEnd, NewEnd time.Time
	AmountCents    int64
	HoldUntil      time.Time
}
