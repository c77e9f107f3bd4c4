package payment

import (
	"context"
	"errors"
	"time"

	"lockers/internal/order"
)

// Errors of the ports.
var (
	ErrNotFound = errors.New("payment: not found")
	// ErrBadSignature: a notification that is forged, stale or unreadable.
	ErrBadSignature = errors.New("payment: notification signature is not valid")
	// ErrRefused: the provider refused a refund for good (not a timeout).
	ErrRefused = errors.New("payment: refused by the provider")
	// ErrNoLedger: the provider keeps no books to compare with (the demo).
	ErrNoLedger = errors.New("payment: the provider keeps no ledger")
)

// Provider is a payment provider (adapters: demopay, stripepay). Every call may
// block on the network: the service bounds each with PAYMENT_TIMEOUT. An error
// means the provider could not be asked or did not answer; a declined card is
// an Outcome, not an error.
type Provider interface {
	Name() string
	// StartSetup opens a hosted page where the user saves a card.
	StartSetup(ctx context.Context, r SetupRequest) (Hosted, error)
	// StartCheckout opens a hosted page for a one-time payment.
	StartCheckout(ctx context.Context, r CheckoutRequest) (Hosted, error)
	// Charge charges a saved card off-session.
	Charge(ctx context.Context, r ChargeRequest) (Result, error)
	// Status asks for a payment's state (the reconciler's server-side query).
	Status(ctx context.Context, p Payment) (Result, error)
	// Refund gives a payment's money back; ErrRefused when the provider will not.
	Refund(ctx context.Context, r RefundRequest) (string, error)
	// Detach forgets a removed card at the provider.
	Detach(ctx context.Context, m Method) error
	// ExpireCheckout ends an open hosted payment page (a link) so it takes no
	// money: the order was paid another way. Stripe expires the Checkout
	// Session; the demo provider's page refuses to pay.
	ExpireCheckout(ctx context.Context, p Payment) error
	// Ledger lists the money the provider itself moved in [from, to): its
	// payments and refunds (Stripe: balance transactions). ErrNoLedger when
	// it keeps none.
	Ledger(ctx context.Context, from, to time.Time) ([]LedgerEntry, error)
	// Parse verifies a notification's signature (ErrBadSignature) and reads it.
	Parse(ctx context.Context, payload []byte, signature string) (Event, error)
}

// LedgerEntry is one movement of money in the provider's books. AmountCents is
// signed (a refund is negative); PaymentID and RefundID are ours, as the
// provider's object carries them (metadata), "" when it does not.
type LedgerEntry struct {
	Ref                 string // the provider's own id of the entry
	Kind                string // LedgerPayment or LedgerRefund
	At                  time.Time
	AmountCents         int64
	Currency            string
	PaymentID, RefundID string
	// SourceRef is the provider's id of what moved the money: a charge's
	// PaymentIntent (pi_…) or a refund (re_…), as lockerd keeps them in
	// provider_ref; the match when the metadata is missing.
	SourceRef string
}

// Ledger entry kinds.
const (
	LedgerPayment = "payment"
	LedgerRefund  = "refund"
)

// SetupRequest asks for a card setup page.
type SetupRequest struct {
	MethodID, UserID string
	CustomerRef      string // the user's customer at the provider, "" for a new one
	Lang             string // "en", "et" or "" (the page decides)
	SuccessURL       string
	CancelURL        string
	FailureURL       string
}

// CheckoutRequest asks for a one-time payment page.
type CheckoutRequest struct {
	PaymentID, UserID string
	AmountCents       int64
	Currency          string
	Description       string
	IdempotencyKey    string
	Lang              string
	SuccessURL        string
	CancelURL         string
	FailureURL        string
}

// Hosted is a provider's page.
type Hosted struct {
	URL, Ref    string
	CustomerRef string // StartSetup: the customer the card will belong to
}

// ChargeRequest charges a saved card.
type ChargeRequest struct {
	PaymentID, UserID string
	Method            Method
	AmountCents       int64
	Currency          string
	Description       string
	IdempotencyKey    string
}

// Outcome is what the provider says about a payment.
type Outcome string

const (
	OutcomeOpen       Outcome = "open"       // nothing decided (a link nobody paid yet)
	OutcomeProcessing Outcome = "processing" // deciding
	OutcomePaid       Outcome = "paid"
	OutcomeDeclined   Outcome = "declined"
	OutcomeExpired    Outcome = "expired" // a link that can no longer be paid
)

// Result is a provider's answer about a payment.
type Result struct {
	Ref         string
	Outcome     Outcome
	AmountCents int64 // what the provider says was (or will be) paid
	Currency    string
	Failure     string
}

// RefundRequest gives a payment back.
type RefundRequest struct {
	RefundID       string
	Payment        Payment
	AmountCents    int64
	IdempotencyKey string
}

// PaidFacts is a payment the order kept, for its invoice.
type PaidFacts struct {
	PaymentID, UserID, OrderID string
	Kind                       order.DueKind
	AmountCents, VATCents      int64
	Currency                   string
	Lines                      []order.Line
	PaidAt                     time.Time
}

// RefundFacts is money given back, for the credit note.
type RefundFacts struct {
	RefundID, PaymentID, UserID, OrderID string
	AmountCents, VATCents                int64
	Currency                             string
	Lines                                []order.Line // the payment's lines
	RefundedAt                           time.Time
}

// Invoicer issues invoices for payments and credit notes for refunds
// (internal/invoice). Both calls must be idempotent by payment and refund id:
// the service repeats them until they succeed. Paid takes the outbox's whole
// pass at once and answers one error per fact (nil: invoiced).
type Invoicer interface {
	Paid(ctx context.Context, fs []PaidFacts) []error
	Refunded(ctx context.Context, f RefundFacts) error
}

// Store keeps cards, payments, refunds and the notifications seen. Reads are
// scoped to a user where a user asks.
type Store interface {
	// Order reads one of the user's orders (order.ErrNotFound).
	Order(ctx context.Context, userID, id string) (order.Order, error)
	Methods(ctx context.Context, userID string) ([]Method, error)
	// Method returns one of the user's cards that is not removed.
	Method(ctx context.Context, userID, id string) (Method, error)
	// DefaultMethod returns the user's default card; ErrNotFound without one.
	DefaultMethod(ctx context.Context, userID string) (Method, error)
	// CustomerRef returns the user's customer at the provider, "" if none yet.
	CustomerRef(ctx context.Context, userID, provider string) (string, error)
	CountMethods(ctx context.Context, userID string) (int, error)
	Payment(ctx context.Context, id string) (Payment, error)
	// Stale returns up to limit open attempts last changed before the time;
	// open links nobody paid yet only when last changed before linksBefore.
	Stale(ctx context.Context, before, linksBefore time.Time, limit int) ([]Payment, error)
	// Uninvoiced returns paid payments the order kept that the invoicer has not
	// accepted yet; UninvoicedRefunds the same for refunds that succeeded.
	Uninvoiced(ctx context.Context, limit int) ([]Payment, error)
	UninvoicedRefunds(ctx context.Context, limit int) ([]Refund, error)
	// PendingRefunds returns refunds without a provider answer, changed before the time.
	PendingRefunds(ctx context.Context, before time.Time, limit int) ([]Refund, error)
	// MarkProcessing records a pending attempt's provider reference and moves
	// it to processing (an attempt a notification moved on already is left).
	MarkProcessing(ctx context.Context, paymentID, ref string, at time.Time) error
	// MarkInvoiced records the invoicer's acceptance of payments (one
	// statement for a batch); MarkRefundInvoiced of a refund.
	MarkInvoiced(ctx context.Context, paymentIDs []string, at time.Time) error
	MarkRefundInvoiced(ctx context.Context, refundID string, at time.Time) error
	// Receive records a verified notification in the inbox, in one statement of
	// its own; false when it was recorded before (a replay).
	Receive(ctx context.Context, ev Event, at time.Time) (bool, error)
	// Unapplied returns up to limit recorded notifications not applied yet
	// that were received before the time and are due for another try.
	Unapplied(ctx context.Context, receivedBefore, now time.Time, limit int) ([]Inboxed, error)
	// Retry records a failed try of a notification and when to try it again.
	Retry(ctx context.Context, provider, eventID string, next time.Time, failure string) (attempts int, err error)
	// InTx runs fn in one transaction with the orders: all of it or nothing.
	InTx(ctx context.Context, fn func(ctx context.Context, tx Tx) error) error
	// InGroup is InTx for short, frequent work (the notification intake): it
	// may share one transaction with other callers (SQLite's group commit),
	// each caller's work still all or nothing.
	InGroup(ctx context.Context, fn func(ctx context.Context, tx Tx) error) error
}

// Tx is what one transaction may do.
type Tx interface {
	// Order locks the user's order (order.ErrNotFound); SaveOrder writes it back
	// and OrderTx changes its lockers and lines.
	Order(ctx context.Context, userID, id string) (order.Order, error)
	// OrderToSettle locks the order for a payment's outcome: its row and price
	// lines only (no lockers, the coupon by id), enough for the payment rules
	// and SaveOrder.
	OrderToSettle(ctx context.Context, userID, id string) (order.Order, error)
	SaveOrder(ctx context.Context, o order.Order) error
	OrderTx() order.Tx

	// Method locks one of the user's cards that is not removed; MethodOwner
	// finds the user of a card (ErrNotFound).
	Method(ctx context.Context, userID, id string) (Method, error)
	MethodOwner(ctx context.Context, id string) (string, error)
	InsertMethod(ctx context.Context, m Method) error
	// SaveMethod writes the card; RemoveMethod marks it removed.
	SaveMethod(ctx context.Context, m Method) error
	RemoveMethod(ctx context.Context, m Method, at time.Time) error
	// SettleMethod marks a valid card settled (its first successful charge)
	// and clears a decline noted before; DeclineMethod notes on a saved card
	// that its last charge was declined (Method.Declined).
	SettleMethod(ctx context.Context, id string, at time.Time) error
	DeclineMethod(ctx context.Context, id string, at time.Time) error
	// ClearDefault takes the default flag off the user's other cards.
	ClearDefault(ctx context.Context, userID, exceptID string) error
	HasDefault(ctx context.Context, userID string) (bool, error)

	// Owner returns the user and order of a payment without locking it, so the
	// order can be locked first (the lock order is order, then payment).
	Owner(ctx context.Context, paymentID string) (userID, orderID string, err error)
	Payment(ctx context.Context, id string) (Payment, error) // locked
	// Attempts returns the order's attempts the provider has not decided.
	Attempts(ctx context.Context, orderID string) ([]Payment, error)
	// Kept returns the order's payments in state paid that the order kept.
	Kept(ctx context.Context, orderID string) ([]Payment, error)
	InsertPayment(ctx context.Context, p Payment) error
	SavePayment(ctx context.Context, p Payment) error

	RefundOf(ctx context.Context, paymentID string) (Refund, error) // the whole (not partial) refund; locked; ErrNotFound
	// PartRefunded is the cents of the payment's partial refunds not failed.
	PartRefunded(ctx context.Context, paymentID string) (int64, error)
	Refund(ctx context.Context, id string) (Refund, error) // locked
	InsertRefund(ctx context.Context, r Refund) error
	SaveRefund(ctx context.Context, r Refund) error

	// Claim marks a received notification applied; false when it was applied
	// before (or never received), so its effects happen once.
	Claim(ctx context.Context, provider, eventID string, at time.Time) (bool, error)
}
