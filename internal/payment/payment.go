// Package payment is the payments domain (product.md "Payments"): saved cards,
// charging them off-session, one-time payment links, the provider's signed
// notifications, refunds, and the reconciler that asks the provider about
// payments nobody heard of for a while. It talks to a provider through the
// Provider port (adapters: demopay, stripepay) and moves orders through the
// order domain's payment rules (order.Order.Paid, Declined, ...) in the same
// database transaction as its own rows.
package payment

import (
	"strconv"
	"time"

	"lockers/internal/order"
)

// Provider names, as stored and configured (PAYMENT_PROVIDER).
const (
	ProviderDemo   = "demo"
	ProviderStripe = "stripe"
)

// Currency of every price (product.md "Money").
const Currency = "EUR"

// MethodState is a saved card's state (spec §4).
type MethodState string

const (
	MethodInitial    MethodState = "initial"    // the hosted setup page was opened
	MethodProcessing MethodState = "processing" // the provider is verifying the card
	MethodValid      MethodState = "valid"      // saved and chargeable
	MethodSettled    MethodState = "settled"    // charged successfully at least once
	MethodFailed     MethodState = "failed"     // the setup failed
)

// Method is a user's saved card.
type Method struct {
	ID, UserID string
	Provider   string
	// ProviderRef is the provider's card (pm_...), CustomerRef the customer it
	// belongs to; SetupRef and SetupURL the hosted page it is added on.
	ProviderRef, CustomerRef string
	SetupRef, SetupURL       string
	Brand, Last4             string
	ExpMonth, ExpYear        int
	State                    MethodState
	// Default is the spec's "active" flag: the card order.pay uses when none is named.
	Default              bool
	Failure              string
	CreatedAt, UpdatedAt time.Time
}

// Usable reports a card that can be charged.
func (m Method) Usable() bool { return m.State == MethodValid || m.State == MethodSettled }

// ChargeDeclined is a saved card's Failure once its last charge was declined.
const ChargeDeclined = "charge_declined"

// Declined reports a saved card whose last charge was declined: it can be
// tried again, but is not said to be ready to pay with.
func (m Method) Declined() bool { return m.Usable() && m.Failure == ChargeDeclined }

// Unfinished reports a card whose setup can be (re)started.
func (m Method) Unfinished() bool { return m.State == MethodInitial || m.State == MethodFailed }

// State is a payment attempt's state.
type State string

const (
	Pending    State = "pending"    // created; a link is open or the provider has not answered
	Processing State = "processing" // the provider is deciding
	Paid       State = "paid"
	Failed     State = "failed" // declined, or the notification did not match the attempt
	Refunded   State = "refunded"
	Expired    State = "expired" // a link nobody paid, an attempt superseded or never answered
)

// Open reports an attempt the provider has not decided yet.
func (s State) Open() bool { return s == Pending || s == Processing }

// Flow is how a payment is made.
type Flow string

const (
	FlowCharge Flow = "charge" // a saved card, off-session
	FlowLink   Flow = "link"   // a one-time hosted payment page
)

// Payment is one attempt to pay what an order owes (its price, or an
// extension's difference).
type Payment struct {
	ID, UserID, OrderID string
	Kind                order.DueKind
	Flow                Flow
	MethodID            string // FlowCharge only
	Provider            string
	ProviderRef         string // the provider's payment (pi_..., cs_...), once known
	// IdempotencyKey goes with every provider call that creates the payment, so
	// a retry after a timeout cannot charge twice.
	IdempotencyKey        string
	AmountCents, VATCents int64
	Currency              string
	Lines                 []order.Line
	// The extension paid for (order.DueExtension only).
	ExtOrderLockerID string
	ExtNewEnd        time.Time
	State            State
	URL              string // FlowLink: the hosted page
	Failure          string
	CreatedAt        time.Time
	UpdatedAt        time.Time
	PaidAt           time.Time
	InvoicedAt       time.Time
}

// Due is what the payment was made for, in the order domain's terms.
func (p Payment) Due() order.Due {
	return order.Due{Kind: p.Kind, AmountCents: p.AmountCents, VATCents: p.VATCents, Lines: p.Lines,
		OrderLockerID: p.ExtOrderLockerID, NewEnd: p.ExtNewEnd}
}

// pays reports whether the payment is for due d of its order.
func (p Payment) pays(d order.Due) bool {
	return p.Kind == d.Kind && p.AmountCents == d.AmountCents && p.ExtOrderLockerID == d.OrderLockerID &&
		p.ExtNewEnd.Equal(d.NewEnd)
}

// RefundState is a refund's state.
type RefundState string

const (
	RefundPending   RefundState = "pending"   // not accepted by the provider yet (or no answer)
	RefundSucceeded RefundState = "succeeded" // accepted: the money goes back
	RefundFailed    RefundState = "failed"    // refused for good
)

// Refund reasons.
const (
	ReasonCancel  = "cancel"  // the owner cancelled within the refund window
	ReasonSurplus = "surplus" // the money came for an order that no longer waited for it
	ReasonPartial = "partial" // an operator gave part of the money back (a payment may have several)
)

// Refund gives a payment's money back: a cancel or surplus refund gives what
// is left of it (a payment has at most one such), a partial one some of it.
type Refund struct {
	ID, PaymentID, OrderID, UserID string
	Provider, ProviderRef          string
	// Attempt grows only after the provider refused the previous one for good.
	Attempt               int
	AmountCents, VATCents int64
	Currency              string
	Reason                string
	// Note is the reason an operator gave for the refund ("" for a
	// customer's own cancel), shown in the back office.
	Note                 string
	State                RefundState
	Failure              string
	CreatedAt, UpdatedAt time.Time
	RefundedAt           time.Time
	InvoicedAt           time.Time
}

// IdempotencyKey is sent with the refund call: the same for a retry after a
// timeout, a new one after a definite refusal.
func (r Refund) IdempotencyKey() string {
	return "refund-" + r.ID + "-" + strconv.Itoa(r.Attempt)
}
