package payment

// EventKind is what a provider's notification means for us.
type EventKind string

const (
	EventIgnored           EventKind = ""                   // nothing we act on
	EventPaymentProcessing EventKind = "payment.processing" // the provider is deciding
	EventPaymentPaid       EventKind = "payment.paid"
	EventPaymentDeclined   EventKind = "payment.declined"
	EventPaymentExpired    EventKind = "payment.expired" // a link that was not paid in time
	EventMethodProcessing  EventKind = "method.processing"
	EventMethodReady       EventKind = "method.ready" // the card is saved
	EventMethodFailed      EventKind = "method.failed"
	EventRefundSucceeded   EventKind = "refund.succeeded"
	EventRefundFailed      EventKind = "refund.failed"
)

// Event is a verified notification, read into our terms by the adapter.
// The webhook passes it through the input gate before it is recorded
// (rpc.Clean): every string one line of valid UTF-8 without control
// characters, at most 256 characters (Stripe's ids are at most 255), and our
// ids empty or UUIDs (the `input` tags), so a signed notification with a NUL
// or a malformed id is refused with 400 instead of failing in the database.
type Event struct {
	ID       string // the provider's event id: replays are recognised by it
	Provider string
	Type     string // the provider's own type, for the log
	Kind     EventKind
	// Our ids, from the metadata we gave the provider.
	PaymentID string `input:"uuid"`
	MethodID  string `input:"uuid"`
	RefundID  string `input:"uuid"`
	// Ref is the provider's object (payment, card, refund).
	Ref         string
	AmountCents int64
	Currency    string
	Card        Card // EventMethodReady
	Failure     string
}

// Card is what the provider tells about a saved card.
type Card struct {
	Ref, CustomerRef  string
	Brand, Last4      string
	ExpMonth, ExpYear int
}
