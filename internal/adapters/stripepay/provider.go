// Package stripepay is the Stripe payment provider (PAYMENT_PROVIDER=stripe),
// on stripe-go: Checkout in setup mode saves a card, an off-session
// PaymentIntent charges it, Checkout in payment mode is the one-time link,
// Refunds give money back, and signed webhooks report what happened. Every
// call that creates something carries the payment's idempotency key.
package stripepay

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v85"

	"lockers/internal/payment"
)

// SignatureHeader carries Stripe's webhook signature.
const SignatureHeader = "Stripe-Signature"

// Options configure a Provider.
type Options struct {
	SecretKey     string // STRIPE_SECRET_KEY
	WebhookSecret string // STRIPE_WEBHOOK_SECRET
	// APIBase replaces https://api.stripe.com (stripe-mock in tests).
	APIBase string
	// Timeout bounds one HTTP call (the service also bounds each operation).
	Timeout time.Duration
}

// Provider is the Stripe adapter.
type Provider struct {
	client        *stripe.Client
	webhookSecret string
}

var _ payment.Provider = (*Provider)(nil)

// New returns the Stripe provider.
func New(o Options) (*Provider, error) {
	if o.SecretKey == "" || o.WebhookSecret == "" {
		return nil, errors.New("stripepay: the secret key and the webhook secret are required")
	}
	if o.Timeout <= 0 {
		o.Timeout = 10 * time.Second
	}
	cfg := &stripe.BackendConfig{
		HTTPClient: &http.Client{Timeout: o.Timeout},
		// The service retries itself with the same idempotency keys; a retry
		// inside the SDK would only stretch the caller's wait past the timeout.
		MaxNetworkRetries: stripe.Int64(0),
		LeveledLogger:     &stripe.LeveledLogger{Level: stripe.LevelNull},
	}
	if o.APIBase != "" {
		cfg.URL = stripe.String(o.APIBase)
	}
	backends := &stripe.Backends{
		API:         stripe.GetBackendWithConfig(stripe.APIBackend, cfg),
		Connect:     stripe.GetBackendWithConfig(stripe.ConnectBackend, cfg),
		Uploads:     stripe.GetBackendWithConfig(stripe.UploadsBackend, cfg),
		MeterEvents: stripe.GetBackendWithConfig(stripe.MeterEventsBackend, cfg),
	}
	return &Provider{client: stripe.NewClient(o.SecretKey, stripe.WithBackends(backends)), webhookSecret: o.WebhookSecret}, nil
}

func (p *Provider) Name() string { return payment.ProviderStripe }

// StartSetup opens Checkout in setup mode for the user's customer (made on
// the first card, with an idempotency key per user).
func (p *Provider) StartSetup(ctx context.Context, r payment.SetupRequest) (payment.Hosted, error) {
	customer := r.CustomerRef
	if customer == "" {
		params := &stripe.CustomerCreateParams{Metadata: map[string]string{"user_id": r.UserID}}
		params.SetIdempotencyKey("customer-" + r.UserID)
		c, err := p.client.V1Customers.Create(ctx, params)
		if err != nil {
			return payment.Hosted{}, fmt.Errorf("stripepay: customer: %w", err)
		}
		customer = c.ID
	}
	meta := map[string]string{"method_id": r.MethodID, "user_id": r.UserID}
	params := &stripe.CheckoutSessionCreateParams{
		Mode:               stripe.String(string(stripe.CheckoutSessionModeSetup)),
		Customer:           stripe.String(customer),
		PaymentMethodTypes: stripe.StringSlice([]string{"card"}),
		SuccessURL:         stripe.String(r.SuccessURL),
		CancelURL:          stripe.String(r.CancelURL),
		Locale:             stripe.String(locale(r.Lang)),
		Metadata:           meta,
		SetupIntentData:    &stripe.CheckoutSessionCreateSetupIntentDataParams{Metadata: meta},
	}
	s, err := p.client.V1CheckoutSessions.Create(ctx, params)
	if err != nil {
		return payment.Hosted{}, fmt.Errorf("stripepay: setup session: %w", err)
	}
	return payment.Hosted{URL: s.URL, Ref: s.ID, CustomerRef: customer}, nil
}

// StartCheckout opens Checkout in payment mode for one line, the amount due.
// Nothing that changes between retries (such as an expiry time) goes into the
// request: Stripe refuses a reused idempotency key with other parameters.
func (p *Provider) StartCheckout(ctx context.Context, r payment.CheckoutRequest) (payment.Hosted, error) {
	meta := map[string]string{"payment_id": r.PaymentID, "user_id": r.UserID, "flow": string(payment.FlowLink)}
	params := &stripe.CheckoutSessionCreateParams{
		Mode:              stripe.String(string(stripe.CheckoutSessionModePayment)),
		ClientReferenceID: stripe.String(r.PaymentID),
		LineItems: []*stripe.CheckoutSessionCreateLineItemParams{{
			Quantity: stripe.Int64(1),
			PriceData: &stripe.CheckoutSessionCreateLineItemPriceDataParams{
				Currency:    stripe.String(strings.ToLower(r.Currency)),
				UnitAmount:  stripe.Int64(r.AmountCents),
				ProductData: &stripe.CheckoutSessionCreateLineItemPriceDataProductDataParams{Name: stripe.String(r.Description)},
			},
		}},
		PaymentIntentData: &stripe.CheckoutSessionCreatePaymentIntentDataParams{Metadata: meta, Description: stripe.String(r.Description)},
		SuccessURL:        stripe.String(r.SuccessURL),
		CancelURL:         stripe.String(r.CancelURL),
		Locale:            stripe.String(locale(r.Lang)),
		Metadata:          meta,
	}
	params.SetIdempotencyKey(r.IdempotencyKey)
	s, err := p.client.V1CheckoutSessions.Create(ctx, params)
	if err != nil {
		return payment.Hosted{}, fmt.Errorf("stripepay: checkout session: %w", err)
	}
	return payment.Hosted{URL: s.URL, Ref: s.ID}, nil
}

// Charge confirms an off-session PaymentIntent on the saved card. A decline is
// an outcome; only an unreachable or failing Stripe is an error.
func (p *Provider) Charge(ctx context.Context, r payment.ChargeRequest) (payment.Result, error) {
	params := &stripe.PaymentIntentCreateParams{
		Amount:        stripe.Int64(r.AmountCents),
		Currency:      stripe.String(strings.ToLower(r.Currency)),
		Customer:      stripe.String(r.Method.CustomerRef),
		PaymentMethod: stripe.String(r.Method.ProviderRef),
		OffSession:    stripe.Bool(true),
		Confirm:       stripe.Bool(true),
		Description:   stripe.String(r.Description),
		Metadata:      map[string]string{"payment_id": r.PaymentID, "user_id": r.UserID, "flow": string(payment.FlowCharge)},
	}
	params.SetIdempotencyKey(r.IdempotencyKey)
	pi, err := p.client.V1PaymentIntents.Create(ctx, params)
	var se *stripe.Error
	if errors.As(err, &se) && se.Type == stripe.ErrorTypeCard {
		res := payment.Result{Outcome: payment.OutcomeDeclined, Failure: failure(se), Currency: r.Currency}
		if se.PaymentIntent != nil {
			res.Ref = se.PaymentIntent.ID
		}
		return res, nil
	}
	if err != nil {
		return payment.Result{}, fmt.Errorf("stripepay: charge: %w", err)
	}
	return intentResult(pi), nil
}

// Status looks a payment up: its PaymentIntent (a charge) or Checkout Session (a link).
func (p *Provider) Status(ctx context.Context, pay payment.Payment) (payment.Result, error) {
	if strings.HasPrefix(pay.ProviderRef, "cs_") {
		s, err := p.client.V1CheckoutSessions.Retrieve(ctx, pay.ProviderRef, nil)
		if err != nil {
			return payment.Result{}, fmt.Errorf("stripepay: session: %w", err)
		}
		return sessionResult(s), nil
	}
	pi, err := p.client.V1PaymentIntents.Retrieve(ctx, pay.ProviderRef, nil)
	if err != nil {
		return payment.Result{}, fmt.Errorf("stripepay: payment intent: %w", err)
	}
	return intentResult(pi), nil
}

// Refund refunds the payment's PaymentIntent (a link's is found through its
// Checkout Session). A payment Stripe already refunded counts as refunded.
func (p *Provider) Refund(ctx context.Context, r payment.RefundRequest) (string, error) {
	intent := r.Payment.ProviderRef
	if strings.HasPrefix(intent, "cs_") {
		s, err := p.client.V1CheckoutSessions.Retrieve(ctx, intent, nil)
		if err != nil {
			return "", fmt.Errorf("stripepay: session: %w", err)
		}
		if s.PaymentIntent == nil {
			return "", fmt.Errorf("%w: the session has no payment", payment.ErrRefused)
		}
		intent = s.PaymentIntent.ID
	}
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(intent),
		Amount:        stripe.Int64(r.AmountCents),
		Metadata:      map[string]string{"refund_id": r.RefundID, "payment_id": r.Payment.ID},
	}
	params.SetIdempotencyKey(r.IdempotencyKey)
	rf, err := p.client.V1Refunds.Create(ctx, params)
	var se *stripe.Error
	switch {
	case errors.As(err, &se) && se.Code == stripe.ErrorCodeChargeAlreadyRefunded:
		return "", nil
	case errors.As(err, &se) && (se.Type == stripe.ErrorTypeInvalidRequest || se.Type == stripe.ErrorTypeCard):
		return "", fmt.Errorf("%w: %s", payment.ErrRefused, failure(se))
	case err != nil:
		return "", fmt.Errorf("stripepay: refund: %w", err)
	case rf.Status == stripe.RefundStatusFailed || rf.Status == stripe.RefundStatusCanceled:
		return rf.ID, fmt.Errorf("%w: refund %s", payment.ErrRefused, rf.Status)
	}
	return rf.ID, nil
}

// Detach takes a removed card off its customer.
func (p *Provider) Detach(ctx context.Context, m payment.Method) error {
	_, err := p.client.V1PaymentMethods.Detach(ctx, m.ProviderRef, nil)
	return err
}

// Ledger lists the balance transactions created in [from, to) that are
// payments or refunds, with their charges and refunds expanded for the ids
// lockerd put in their metadata (payment_id on the PaymentIntent, which its
// charge carries; refund_id on the refund).
func (p *Provider) Ledger(ctx context.Context, from, to time.Time) ([]payment.LedgerEntry, error) {
	params := &stripe.BalanceTransactionListParams{CreatedRange: &stripe.RangeQueryParams{
		GreaterThanOrEqual: from.Unix(), LesserThan: to.Unix()}}
	params.AddExpand("data.source")
	var out []payment.LedgerEntry
	for bt, err := range p.client.V1BalanceTransactions.List(ctx, params).All(ctx) {
		if err != nil {
			return nil, fmt.Errorf("stripepay: balance transactions: %w", err)
		}
		e := payment.LedgerEntry{Ref: bt.ID, At: time.Unix(bt.Created, 0).UTC(), AmountCents: bt.Amount,
			Currency: strings.ToUpper(string(bt.Currency))}
		switch bt.Type {
		case stripe.BalanceTransactionTypeCharge, stripe.BalanceTransactionTypePayment:
			e.Kind = payment.LedgerPayment
			if bt.Source != nil && bt.Source.Charge != nil {
				e.PaymentID = bt.Source.Charge.Metadata["payment_id"]
				if pi := bt.Source.Charge.PaymentIntent; pi != nil {
					e.SourceRef = pi.ID
				}
			}
		case stripe.BalanceTransactionTypeRefund, stripe.BalanceTransactionTypePaymentRefund:
			e.Kind = payment.LedgerRefund
			if bt.Source != nil && bt.Source.Refund != nil {
				e.RefundID, e.SourceRef = bt.Source.Refund.Metadata["refund_id"], bt.Source.Refund.ID
			}
		default:
			continue // fees, payouts, transfers: not a customer's money
		}
		out = append(out, e)
	}
	return out, nil
}

// ExpireCheckout expires a link's Checkout Session, so it takes no payment.
func (p *Provider) ExpireCheckout(ctx context.Context, pay payment.Payment) error {
	if !strings.HasPrefix(pay.ProviderRef, "cs_") {
		return fmt.Errorf("stripepay: %q is not a Checkout Session", pay.ProviderRef)
	}
	_, err := p.client.V1CheckoutSessions.Expire(ctx, pay.ProviderRef, nil)
	return err
}

// intentResult reads a PaymentIntent's state.
func intentResult(pi *stripe.PaymentIntent) payment.Result {
	res := payment.Result{Ref: pi.ID, AmountCents: pi.AmountReceived, Currency: string(pi.Currency)}
	switch pi.Status {
	case stripe.PaymentIntentStatusSucceeded:
		res.Outcome = payment.OutcomePaid
	case stripe.PaymentIntentStatusProcessing, stripe.PaymentIntentStatusRequiresConfirmation,
		stripe.PaymentIntentStatusRequiresCapture:
		res.Outcome, res.AmountCents = payment.OutcomeProcessing, pi.Amount
	case stripe.PaymentIntentStatusCanceled:
		res.Outcome, res.Failure = payment.OutcomeExpired, "canceled"
	default: // requires_payment_method, requires_action: an off-session charge cannot go on
		res.Outcome, res.Failure = payment.OutcomeDeclined, string(pi.Status)
		if pi.LastPaymentError != nil {
			res.Failure = failure(pi.LastPaymentError)
		}
	}
	return res
}

// sessionResult reads a Checkout Session's state.
func sessionResult(s *stripe.CheckoutSession) payment.Result {
	res := payment.Result{Ref: s.ID, AmountCents: s.AmountTotal, Currency: string(s.Currency), Outcome: payment.OutcomeOpen}
	switch {
	case s.Status == stripe.CheckoutSessionStatusComplete && s.PaymentStatus == stripe.CheckoutSessionPaymentStatusPaid:
		res.Outcome = payment.OutcomePaid
	case s.Status == stripe.CheckoutSessionStatusComplete:
		res.Outcome = payment.OutcomeProcessing // an asynchronous method is on its way
	case s.Status == stripe.CheckoutSessionStatusExpired:
		res.Outcome, res.Failure = payment.OutcomeExpired, "expired"
	}
	return res
}

// failure is a short reason from a Stripe error.
func failure(e *stripe.Error) string {
	switch {
	case e.DeclineCode != "":
		return string(e.DeclineCode)
	case e.Code != "":
		return string(e.Code)
	}
	return string(e.Type)
}

// locale is Checkout's language: the app's, else the browser's.
func locale(lang string) string {
	if lang == "en" || lang == "et" {
		return lang
	}
	return "auto"
}
