package demopay

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/stripe/stripe-go/v85/webhook"

	"lockers/internal/payment"
)

// SignatureHeader carries a notification's signature, in Stripe's scheme:
// "t=UNIX,v1=HEX(HMAC-SHA256(secret, t + "." + payload))".
const SignatureHeader = "Demo-Signature"

// Tolerance is how old a signature may be (Stripe's default).
const Tolerance = 5 * time.Minute

// notice is the demo provider's notification, shaped after Stripe's events.
type notice struct {
	ID        string      `json:"id"`
	Type      string      `json:"type"`
	Created   int64       `json:"created"`
	PaymentID string      `json:"paymentId,omitempty"`
	MethodID  string      `json:"methodId,omitempty"`
	Ref       string      `json:"ref,omitempty"`
	Amount    int64       `json:"amount,omitempty"`
	Currency  string      `json:"currency,omitempty"`
	Card      *cardNotice `json:"card,omitempty"`
	Failure   string      `json:"failure,omitempty"`
}

type cardNotice struct {
	Ref      string `json:"ref"`
	Customer string `json:"customer"`
	Brand    string `json:"brand"`
	Last4    string `json:"last4"`
	ExpMonth int    `json:"expMonth"`
	ExpYear  int    `json:"expYear"`
}

// kinds maps the notification types to what they mean.
var kinds = map[string]payment.EventKind{
	"payment_intent.processing":     payment.EventPaymentProcessing,
	"payment_intent.succeeded":      payment.EventPaymentPaid,
	"payment_intent.payment_failed": payment.EventPaymentDeclined,
	"checkout.session.completed":    payment.EventPaymentPaid,
	"checkout.session.declined":     payment.EventPaymentDeclined,
	"setup_intent.succeeded":        payment.EventMethodReady,
	"setup_intent.setup_failed":     payment.EventMethodFailed,
}

// Sign returns the signature header of payload at t with secret.
func Sign(payload []byte, secret string, t time.Time) string {
	return fmt.Sprintf("t=%d,v1=%s", t.Unix(), hex.EncodeToString(webhook.ComputeSignature(t, payload, secret)))
}

// Parse verifies a notification and reads it.
func (p *Provider) Parse(_ context.Context, payload []byte, signature string) (payment.Event, error) {
	if err := webhook.ValidatePayloadWithTolerance(payload, signature, p.secret, Tolerance); err != nil {
		return payment.Event{}, fmt.Errorf("%w: %v", payment.ErrBadSignature, err)
	}
	var n notice
	if err := json.Unmarshal(payload, &n); err != nil || n.ID == "" {
		return payment.Event{}, fmt.Errorf("%w: not a notification", payment.ErrBadSignature)
	}
	ev := payment.Event{ID: n.ID, Provider: payment.ProviderDemo, Type: n.Type, Kind: kinds[n.Type],
		PaymentID: n.PaymentID, MethodID: n.MethodID, Ref: n.Ref, AmountCents: n.Amount, Currency: n.Currency,
		Failure: n.Failure}
	if c := n.Card; c != nil {
		ev.Card = payment.Card{Ref: c.Ref, CustomerRef: c.Customer, Brand: c.Brand, Last4: c.Last4,
			ExpMonth: c.ExpMonth, ExpYear: c.ExpYear}
	}
	return ev, nil
}

// send signs n and hands it to the webhook handler.
func (p *Provider) send(ctx context.Context, n notice) error {
	p.mu.Lock()
	deliver := p.deliver
	p.mu.Unlock()
	if deliver == nil {
		return errors.New("demopay: no webhook handler connected")
	}
	now := time.Now()
	n.ID, n.Created = "evt_demo_"+randomHex(12), now.Unix()
	payload, err := json.Marshal(n)
	if err != nil {
		return err
	}
	return deliver(ctx, payload, Sign(payload, p.secret, now))
}
