package payment

import (
	"context"
	"errors"
	"log/slog"
	"net/url"
	"time"

	"github.com/google/uuid"

	"lockers/internal/apperr"
	"lockers/internal/order"
)

// Timing of the reconciler and the provider calls.
const (
	// DefaultTimeout bounds one provider call when Deps.Timeout is zero.
	DefaultTimeout = 10 * time.Second
	// StaleAfter is how long an undecided attempt waits for its notification
	// before the reconciler asks the provider itself.
	StaleAfter = time.Minute
	// AnswerWithin: an attempt the provider never acknowledged (the call timed
	// out) is given up after this; a charge that did happen still arrives by
	// notification and is then kept or refunded.
	AnswerWithin = 10 * time.Minute
	// LinkLifetime: an unpaid payment link is given up after this.
	LinkLifetime = 24 * time.Hour
	// LinkRecheck: an open link nobody has paid is asked about this often (a
	// person may take their time on the page; most links are paid or left).
	LinkRecheck = 15 * time.Minute
	// LinkReuseFor: order.paymentLink answers the same open link for this long.
	LinkReuseFor = 20 * time.Minute
	// MaxMethods caps a user's saved cards.
	MaxMethods = 20
)

// Service runs the payment procedures, the notification intake, refunds and
// the reconciler.
type Service struct {
	store     Store
	provider  Provider
	invoicer  Invoicer
	publicURL string
	timeout   time.Duration
	now       func() time.Time
	log       *slog.Logger
	kick      chan struct{} // wakes the worker: something to invoice or refund
	inbox     *inbox        // notifications received, not yet applied
	returned  func(ctx context.Context, r Returned) error
}

// Deps are the Service's collaborators. Invoicer is required: wire a real one
// (internal/invoice); Now, Logger and Timeout may be zero.
type Deps struct {
	Store    Store
	Provider Provider
	Invoicer Invoicer
	// PublicURL is where the provider sends the browser back (the app's
	// /callback/... pages), without a trailing slash.
	PublicURL string
	// Timeout bounds each provider call (PAYMENT_TIMEOUT).
	Timeout time.Duration
	// Returned tells the customer that money which came for an order that no
	// longer waited for it went back (nil: nobody is told).
	Returned func(ctx context.Context, r Returned) error
	Now      func() time.Time
	Logger   *slog.Logger
}

// NewService returns the payments service.
func NewService(d Deps) (*Service, error) {
	if d.Store == nil || d.Provider == nil || d.Invoicer == nil {
		return nil, errors.New("payment: Store, Provider and Invoicer are required")
	}
	if _, err := url.Parse(d.PublicURL); err != nil || d.PublicURL == "" {
		return nil, errors.New("payment: PublicURL must be an absolute URL")
	}
	if d.Timeout <= 0 {
		d.Timeout = DefaultTimeout
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Logger == nil {
		d.Logger = slog.New(slog.DiscardHandler)
	}
	return &Service{store: d.Store, provider: d.Provider, invoicer: d.Invoicer, publicURL: d.PublicURL, returned: d.Returned,
		timeout: d.Timeout, now: d.Now, log: d.Logger, kick: make(chan struct{}, 1), inbox: newInbox()}, nil
}

// Now is the service's clock, in UTC.
func (s *Service) Now() time.Time { return s.now().UTC() }

// Provider names the provider in use.
func (s *Service) Provider() string { return s.provider.Name() }

// call bounds a provider call by the timeout. It is detached from the caller's
// cancellation: a user who leaves mid-charge must not leave the outcome unrecorded.
func (s *Service) call(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(ctx), s.timeout)
}

// wake tells the worker there is work, without waiting.
func (s *Service) wake() {
	select {
	case s.kick <- struct{}{}:
	default:
	}
}

func newID() string { return uuid.Must(uuid.NewV7()).String() }

func validID(id string) bool {
	if len(id) != 36 {
		return false
	}
	_, err := uuid.Parse(id)
	return err == nil
}

func orderNotFound() error {
	return apperr.Field(apperr.OrderNotFound, "orderUuid", "order not found")
}

func methodNotFound() error {
	return apperr.Field(apperr.PaymentMethodNotFound, "paymentMethodUuid", "payment method not found")
}

func chargeError() error {
	return apperr.New(apperr.ChargeError, "the payment provider did not answer; please try again")
}

// checkLang accepts the languages of the hosted pages; "" lets the page decide.
func checkLang(lang string) error {
	switch lang {
	case "", "en", "et":
		return nil
	}
	return apperr.Field(apperr.BadInput, "lang", "lang must be en or et")
}

// callback is the app's page the provider sends the browser back to:
// /callback/{page}/{status}?{param}={id}.
func (s *Service) callback(page, status, param, id string) string {
	return s.publicURL + "/callback/" + page + "/" + status + "?" + url.Values{param: {id}}.Encode()
}

// orderPage is the callback page of a payment for d: the booking flow's for
// the order itself, the order's payment page for an extension.
func orderPage(d order.Due) string {
	if d.Kind == order.DueExtension {
		return "payment"
	}
	return "order-payment"
}

// Order reads one of the user's orders (ORDER_NOT_FOUND for anyone else's).
func (s *Service) Order(ctx context.Context, userID, id string) (order.Order, error) {
	o, err := s.store.Order(ctx, userID, id)
	if errors.Is(err, order.ErrNotFound) {
		return order.Order{}, orderNotFound()
	}
	return o, err
}

// ProviderLedger is the provider's own record of the money it moved in
// [from, to), for the daily reconciliation; ErrNoLedger when it keeps none.
func (s *Service) ProviderLedger(ctx context.Context, from, to time.Time) ([]LedgerEntry, error) {
	pctx, cancel := s.call(ctx)
	defer cancel()
	return s.provider.Ledger(pctx, from, to)
}
