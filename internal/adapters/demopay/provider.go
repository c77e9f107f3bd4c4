// Package demopay is the built-in demo payment provider (PAYMENT_PROVIDER=demo,
// the default): lockerd serves the provider's hosted pages itself (card setup
// and checkout, with Pay and Decline) and the provider's answers come as
// signed notifications through lockerd's real webhook handler, exactly as a
// real provider's would. No money moves. Hosted pages carry their state in a
// signed token, so they survive a restart; decisions are also kept in memory
// for status queries.
package demopay

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"lockers/internal/payment"
)

// Cards offered on the setup page. The second one saves fine and declines
// every charge, like Stripe's test card 4000 0000 0000 0341.
const (
	CardWorks    = "works"
	CardDeclines = "declines"
)

// Options configure a Provider.
type Options struct {
	// Secret signs notifications and page tokens (DEMO_WEBHOOK_SECRET).
	Secret string
	// PublicURL is where lockerd is reached: the hosted pages live under it.
	PublicURL string
	// ChargeDelay is how long an off-session charge stays processing before
	// its notification is sent (default 300 ms).
	ChargeDelay time.Duration
}

// Deliver hands a signed notification to lockerd's webhook handler.
type Deliver func(ctx context.Context, payload []byte, signature string) error

// Provider is the demo provider.
type Provider struct {
	secret      string
	publicURL   string
	chargeDelay time.Duration

	mu      sync.Mutex
	deliver Deliver
	decided map[string]payment.Outcome // checkout ref → outcome
	closed  bool
	pending sync.WaitGroup // charge notifications not sent yet
	stop    chan struct{}
}

// New returns the demo provider. Without a secret it makes a random one, which
// lives as long as the process.
func New(o Options) (*Provider, error) {
	if o.PublicURL == "" {
		return nil, errors.New("demopay: PublicURL is required")
	}
	if o.Secret == "" {
		o.Secret = "whsec_demo_" + randomHex(24)
	}
	if o.ChargeDelay <= 0 {
		o.ChargeDelay = 300 * time.Millisecond
	}
	return &Provider{secret: o.Secret, publicURL: strings.TrimRight(o.PublicURL, "/"), chargeDelay: o.ChargeDelay,
		decided: map[string]payment.Outcome{}, stop: make(chan struct{})}, nil
}

var _ payment.Provider = (*Provider)(nil)

// SetDeliver connects the provider to the webhook handler (app wiring does it
// once the handler exists).
func (p *Provider) SetDeliver(d Deliver) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.deliver = d
}

// Close stops scheduling notifications and waits for those in flight.
func (p *Provider) Close() {
	p.mu.Lock()
	if !p.closed {
		p.closed = true
		close(p.stop)
	}
	p.mu.Unlock()
	p.pending.Wait()
}

func (p *Provider) Name() string { return payment.ProviderDemo }

// StartSetup makes a card setup page.
func (p *Provider) StartSetup(_ context.Context, r payment.SetupRequest) (payment.Hosted, error) {
	customer := r.CustomerRef
	if customer == "" {
		customer = "demo_cus_" + randomHex(12)
	}
	ref := "demo_seti_" + randomHex(12)
	tok, err := p.token(page{Kind: pageSetup, Ref: ref, MethodID: r.MethodID, Customer: customer, Lang: r.Lang,
		Success: r.SuccessURL, Cancel: r.CancelURL, Failure: r.FailureURL})
	if err != nil {
		return payment.Hosted{}, err
	}
	return payment.Hosted{URL: p.publicURL + pathSetup + tok, Ref: ref, CustomerRef: customer}, nil
}

// StartCheckout makes a one-time payment page. The same payment gets the same
// session, as an idempotency key would give at a real provider.
func (p *Provider) StartCheckout(_ context.Context, r payment.CheckoutRequest) (payment.Hosted, error) {
	ref := "demo_cs_" + r.PaymentID
	tok, err := p.token(page{Kind: pageCheckout, Ref: ref, PaymentID: r.PaymentID, Amount: r.AmountCents,
		Currency: r.Currency, Description: r.Description, Lang: r.Lang,
		Success: r.SuccessURL, Cancel: r.CancelURL, Failure: r.FailureURL})
	if err != nil {
		return payment.Hosted{}, err
	}
	return payment.Hosted{URL: p.publicURL + pathCheckout + tok, Ref: ref}, nil
}

// Charge charges a saved demo card: processing at once, then paid (or declined,
// for the declining card) by notification after ChargeDelay. The charge's
// reference says how it ends, so a status query knows without memory.
func (p *Provider) Charge(_ context.Context, r payment.ChargeRequest) (payment.Result, error) {
	outcome, tag := payment.OutcomePaid, "ok"
	if strings.Contains(r.Method.ProviderRef, CardDeclines) {
		outcome, tag = payment.OutcomeDeclined, "dec"
	}
	ref := "demo_pi_" + r.PaymentID + "_" + tag
	ev := notice{Type: "payment_intent." + map[payment.Outcome]string{payment.OutcomePaid: "succeeded",
		payment.OutcomeDeclined: "payment_failed"}[outcome], PaymentID: r.PaymentID, Ref: ref,
		Amount: r.AmountCents, Currency: r.Currency}
	if outcome == payment.OutcomeDeclined {
		ev.Failure = "card_declined"
	}
	p.later(ev)
	return payment.Result{Ref: ref, Outcome: payment.OutcomeProcessing, AmountCents: r.AmountCents, Currency: r.Currency}, nil
}

// Status answers what became of a payment.
func (p *Provider) Status(_ context.Context, pay payment.Payment) (payment.Result, error) {
	res := payment.Result{Ref: pay.ProviderRef, AmountCents: pay.AmountCents, Currency: pay.Currency}
	switch ref := pay.ProviderRef; {
	case strings.HasPrefix(ref, "demo_pi_") && strings.HasSuffix(ref, "_ok"):
		res.Outcome = payment.OutcomePaid
	case strings.HasPrefix(ref, "demo_pi_"):
		res.Outcome, res.Failure = payment.OutcomeDeclined, "card_declined"
	case strings.HasPrefix(ref, "demo_cs_"):
		p.mu.Lock()
		out, ok := p.decided[ref]
		p.mu.Unlock()
		res.Outcome = payment.OutcomeOpen
		if ok {
			res.Outcome = out
		}
	default:
		return payment.Result{}, fmt.Errorf("demopay: unknown payment %q", ref)
	}
	return res, nil
}

// Refund always succeeds: the demo has no money to run out of.
func (p *Provider) Refund(_ context.Context, r payment.RefundRequest) (string, error) {
	return "demo_re_" + r.RefundID, nil
}

// Detach has nothing to forget.
func (p *Provider) Detach(context.Context, payment.Method) error { return nil }

// Ledger: the demo moves no money and keeps no books.
func (p *Provider) Ledger(context.Context, time.Time, time.Time) ([]payment.LedgerEntry, error) {
	return nil, payment.ErrNoLedger
}

// ExpireCheckout ends a checkout page: it pays no more (its page says the
// link has expired) and a status query answers expired. A page decided
// already keeps its outcome.
func (p *Provider) ExpireCheckout(_ context.Context, pay payment.Payment) error {
	if !strings.HasPrefix(pay.ProviderRef, "demo_cs_") {
		return fmt.Errorf("demopay: %q is not a checkout", pay.ProviderRef)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if _, done := p.decided[pay.ProviderRef]; !done {
		p.decided[pay.ProviderRef] = payment.OutcomeExpired
	}
	return nil
}

// decide remembers a checkout's outcome for status queries.
func (p *Provider) decide(ref string, o payment.Outcome) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.decided[ref] = o
}

// later sends a notification after ChargeDelay, off the request.
func (p *Provider) later(n notice) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return
	}
	p.pending.Add(1)
	go func() {
		defer p.pending.Done()
		t := time.NewTimer(p.chargeDelay)
		defer t.Stop()
		select {
		case <-p.stop:
			return // the reconciler asks for the status instead
		case <-t.C:
		}
		_ = p.send(context.Background(), n) // a failed delivery is what the reconciler is for
	}()
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b) // crypto/rand does not fail on supported platforms
	return hex.EncodeToString(b)
}
