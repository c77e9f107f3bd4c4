package stripepay

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"

	"lockers/internal/payment"
)

// Tolerance is how old a webhook signature may be.
const Tolerance = webhook.DefaultTolerance

// Parse verifies a webhook (signature and age) and reads it. A saved card's
// details are fetched from Stripe (the event names only its SetupIntent), so
// Parse may fail for a reason other than the signature; the handler then
// answers 500 and Stripe sends the event again.
func (p *Provider) Parse(ctx context.Context, payload []byte, signature string) (payment.Event, error) {
	e, err := webhook.ConstructEventWithOptions(payload, signature, p.webhookSecret, webhook.ConstructEventOptions{
		Tolerance: Tolerance,
		// We read a few long-stable fields; an endpoint on another API version is fine.
		IgnoreAPIVersionMismatch: true,
	})
	if err != nil {
		return payment.Event{}, fmt.Errorf("%w: %v", payment.ErrBadSignature, err)
	}
	ev := payment.Event{ID: e.ID, Provider: payment.ProviderStripe, Type: string(e.Type)}
	if e.Data == nil {
		return ev, nil
	}
	raw := e.Data.Raw
	switch e.Type {
	case "checkout.session.completed", "checkout.session.async_payment_succeeded",
		"checkout.session.async_payment_failed", "checkout.session.expired":
		var s stripe.CheckoutSession
		if err := json.Unmarshal(raw, &s); err != nil {
			return ev, fmt.Errorf("stripepay: %s: %w", e.Type, err)
		}
		return p.sessionEvent(ctx, ev, &s)
	case "payment_intent.succeeded", "payment_intent.processing", "payment_intent.payment_failed",
		"payment_intent.canceled":
		var pi stripe.PaymentIntent
		if err := json.Unmarshal(raw, &pi); err != nil {
			return ev, fmt.Errorf("stripepay: %s: %w", e.Type, err)
		}
		return intentEvent(ev, &pi), nil
	case "setup_intent.setup_failed":
		var si stripe.SetupIntent
		if err := json.Unmarshal(raw, &si); err != nil {
			return ev, fmt.Errorf("stripepay: %s: %w", e.Type, err)
		}
		ev.Kind, ev.MethodID, ev.Ref, ev.Failure = payment.EventMethodFailed, si.Metadata["method_id"], si.ID, "setup_failed"
		if si.LastSetupError != nil {
			ev.Failure = failure(si.LastSetupError)
		}
	case "refund.updated", "refund.failed", "charge.refund.updated":
		var rf stripe.Refund
		if err := json.Unmarshal(raw, &rf); err != nil {
			return ev, fmt.Errorf("stripepay: %s: %w", e.Type, err)
		}
		ev.RefundID, ev.Ref = rf.Metadata["refund_id"], rf.ID
		switch rf.Status {
		case stripe.RefundStatusSucceeded:
			ev.Kind = payment.EventRefundSucceeded
		case stripe.RefundStatusFailed, stripe.RefundStatusCanceled:
			ev.Kind, ev.Failure = payment.EventRefundFailed, string(rf.FailureReason)
		}
	}
	return ev, nil
}

// sessionEvent reads a Checkout Session event: a link payment, or a card setup.
func (p *Provider) sessionEvent(ctx context.Context, ev payment.Event, s *stripe.CheckoutSession) (payment.Event, error) {
	if s.Mode == stripe.CheckoutSessionModeSetup {
		ev.MethodID, ev.Ref = s.Metadata["method_id"], s.ID
		switch {
		case ev.Type == "checkout.session.expired":
			ev.Kind, ev.Failure = payment.EventMethodFailed, "the setup page expired"
		case ev.Type == "checkout.session.completed" && s.SetupIntent != nil:
			if !stripeID(s.SetupIntent.ID) {
				// Not an id Stripe makes: the notification is unreadable (400),
				// not a reason to ask Stripe and answer 500 for ever.
				return ev, fmt.Errorf("%w: setup intent id %q", payment.ErrBadSignature, s.SetupIntent.ID)
			}
			card, ready, err := p.setupCard(ctx, s.SetupIntent.ID)
			if err != nil {
				return ev, err
			}
			ev.Kind, ev.Card = payment.EventMethodProcessing, card
			if ready {
				ev.Kind = payment.EventMethodReady
			}
		}
		return ev, nil
	}
	res := sessionResult(s)
	ev.PaymentID, ev.Ref, ev.AmountCents, ev.Currency = s.Metadata["payment_id"], s.ID, s.AmountTotal, string(s.Currency)
	switch {
	case ev.Type == "checkout.session.async_payment_failed":
		ev.Kind, ev.Failure = payment.EventPaymentDeclined, "async_payment_failed"
	case ev.Type == "checkout.session.expired":
		ev.Kind, ev.Failure = payment.EventPaymentExpired, "expired"
	case res.Outcome == payment.OutcomePaid:
		ev.Kind = payment.EventPaymentPaid
	case res.Outcome == payment.OutcomeProcessing:
		ev.Kind = payment.EventPaymentProcessing
	}
	return ev, nil
}

// stripeID reports whether s looks like an id Stripe makes (seti_1NJ...):
// letters, digits and underscores, at most 255 of them.
func stripeID(s string) bool {
	if s == "" || len(s) > 255 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

// setupCard fetches the card a setup saved; ready is false while Stripe still
// verifies it.
func (p *Provider) setupCard(ctx context.Context, setupIntent string) (payment.Card, bool, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	si, err := p.client.V1SetupIntents.Retrieve(ctx, setupIntent, &stripe.SetupIntentRetrieveParams{
		Expand: stripe.StringSlice([]string{"payment_method"})})
	if err != nil {
		return payment.Card{}, false, fmt.Errorf("stripepay: setup intent: %w", err)
	}
	var c payment.Card
	if si.Customer != nil {
		c.CustomerRef = si.Customer.ID
	}
	if pm := si.PaymentMethod; pm != nil {
		c.Ref = pm.ID
		if pm.Card != nil {
			c.Brand, c.Last4, c.ExpMonth, c.ExpYear = string(pm.Card.Brand), pm.Card.Last4, int(pm.Card.ExpMonth), int(pm.Card.ExpYear)
		}
	}
	return c, si.Status == stripe.SetupIntentStatusSucceeded && c.Ref != "", nil
}

// intentEvent reads a PaymentIntent event. Only off-session charges count:
// the intent behind a Checkout link is reported by the session's events, and
// a failed try on the Checkout page must not fail the order (the user may try
// another card there).
func intentEvent(ev payment.Event, pi *stripe.PaymentIntent) payment.Event {
	if pi.Metadata["flow"] != string(payment.FlowCharge) {
		return ev
	}
	res := intentResult(pi)
	ev.PaymentID, ev.Ref, ev.AmountCents, ev.Currency, ev.Failure = pi.Metadata["payment_id"], pi.ID, res.AmountCents, res.Currency, res.Failure
	ev.Kind = map[payment.Outcome]payment.EventKind{payment.OutcomePaid: payment.EventPaymentPaid,
		payment.OutcomeProcessing: payment.EventPaymentProcessing, payment.OutcomeDeclined: payment.EventPaymentDeclined,
		payment.OutcomeExpired: payment.EventPaymentExpired}[res.Outcome]
	return ev
}
