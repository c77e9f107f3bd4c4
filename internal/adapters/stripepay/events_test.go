package stripepay_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"

	"lockers/internal/adapters/stripepay"
	"lockers/internal/adapters/stripepay/stripetest"
	"lockers/internal/payment"
)

// signedEvent is a Stripe event of type typ about obj, signed the way Stripe
// signs (stripe-mock sends no webhooks).
func signedEvent(t *testing.T, id, typ string, obj map[string]any, secret string, at time.Time) ([]byte, string) {
	t.Helper()
	raw, err := json.Marshal(map[string]any{"id": id, "object": "event", "type": typ, "api_version": stripe.APIVersion,
		"created": at.Unix(), "data": map[string]any{"object": obj}})
	if err != nil {
		t.Fatal(err)
	}
	s := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: raw, Secret: secret, Timestamp: at})
	return s.Payload, s.Header
}

func TestWebhooksAreVerifiedAndRead(t *testing.T) {
	p := newProvider(t, stripetest.Start(t))
	ctx := context.Background()
	now := time.Now()
	session := map[string]any{"id": "cs_1", "object": "checkout.session", "mode": "payment", "status": "complete",
		"payment_status": "paid", "amount_total": 500, "currency": "eur", "metadata": map[string]any{"payment_id": "p1"}}
	intent := func(flow, status string) map[string]any {
		return map[string]any{"id": "pi_1", "object": "payment_intent", "status": status, "amount": 500,
			"amount_received": 500, "currency": "eur", "metadata": map[string]any{"payment_id": "p2", "flow": flow}}
	}
	for _, tc := range []struct {
		name, typ string
		obj       map[string]any
		want      payment.Event
	}{
		{"link paid", "checkout.session.completed", session,
			payment.Event{Kind: payment.EventPaymentPaid, PaymentID: "p1", Ref: "cs_1", AmountCents: 500, Currency: "eur"}},
		{"link expired", "checkout.session.expired", session,
			payment.Event{Kind: payment.EventPaymentExpired, PaymentID: "p1", Ref: "cs_1", AmountCents: 500, Currency: "eur", Failure: "expired"}},
		{"charge paid", "payment_intent.succeeded", intent("charge", "succeeded"),
			payment.Event{Kind: payment.EventPaymentPaid, PaymentID: "p2", Ref: "pi_1", AmountCents: 500, Currency: "eur"}},
		{"charge declined", "payment_intent.payment_failed", intent("charge", "requires_payment_method"),
			payment.Event{Kind: payment.EventPaymentDeclined, PaymentID: "p2", Ref: "pi_1", AmountCents: 500, Currency: "eur", Failure: "requires_payment_method"}},
		// A failed try on the Checkout page is not the end of a link payment.
		{"link try failed", "payment_intent.payment_failed", intent("link", "requires_payment_method"), payment.Event{}},
		{"refund failed", "refund.updated", map[string]any{"id": "re_1", "object": "refund", "status": "failed",
			"failure_reason": "expired_or_canceled_card", "metadata": map[string]any{"refund_id": "r1"}},
			payment.Event{Kind: payment.EventRefundFailed, RefundID: "r1", Ref: "re_1", Failure: "expired_or_canceled_card"}},
		{"something else", "customer.created", map[string]any{"id": "cus_1", "object": "customer"}, payment.Event{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body, sig := signedEvent(t, "evt_"+tc.name, tc.typ, tc.obj, webhookSecret, now)
			got, err := p.Parse(ctx, body, sig)
			if err != nil {
				t.Fatal(err)
			}
			tc.want.ID, tc.want.Provider, tc.want.Type = "evt_"+tc.name, payment.ProviderStripe, tc.typ
			if got != tc.want {
				t.Fatalf("got  %+v\nwant %+v", got, tc.want)
			}
		})
	}

	// A card setup: the card's details come from its SetupIntent (stripe-mock's fixture).
	setup := map[string]any{"id": "cs_2", "object": "checkout.session", "mode": "setup", "status": "complete",
		"setup_intent": "seti_1", "metadata": map[string]any{"method_id": "m1"}}
	body, sig := signedEvent(t, "evt_setup", "checkout.session.completed", setup, webhookSecret, now)
	got, err := p.Parse(ctx, body, sig)
	if err != nil || got.MethodID != "m1" || got.Card.Ref == "" || got.Card.Last4 == "" ||
		(got.Kind != payment.EventMethodReady && got.Kind != payment.EventMethodProcessing) {
		t.Fatalf("setup: %+v, %v", got, err)
	}

	for name, forge := range map[string]func() ([]byte, string){
		"another secret": func() ([]byte, string) { return signedEvent(t, "e", "x", session, "whsec_other", now) },
		"stale": func() ([]byte, string) {
			return signedEvent(t, "e", "x", session, webhookSecret, now.Add(-stripepay.Tolerance-time.Minute))
		},
		"unsigned": func() ([]byte, string) { b, _ := signedEvent(t, "e", "x", session, webhookSecret, now); return b, "" },
		"tampered": func() ([]byte, string) {
			b, s := signedEvent(t, "e", "x", session, webhookSecret, now)
			return append(b[:len(b)-1], ' ', '}'), s
		},
	} {
		body, sig := forge()
		if _, err := p.Parse(ctx, body, sig); !errors.Is(err, payment.ErrBadSignature) {
			t.Errorf("%s: %v, want ErrBadSignature", name, err)
		}
	}
}

// A signed card-setup event whose SetupIntent id is not one Stripe makes (a
// NUL, a space, a path, none) is unreadable: ErrBadSignature (the webhook answers
// 400), and Stripe is not asked about it. Before, the id went to Stripe's API
// and the failure answered 500, so the event came back for days.
func TestASetupEventWithAForeignSetupIntentIDIsUnreadable(t *testing.T) {
	var asked atomic.Bool
	p := newProvider(t, stripeServer(t, func(w http.ResponseWriter, _ *http.Request) {
		asked.Store(true)
		w.WriteHeader(http.StatusNotFound)
	}))
	for _, id := range []string{"seti_\x001", "seti_1 ", "../customers/cus_1", "", strings.Repeat("s", 256)} {
		setup := map[string]any{"id": "cs_3", "object": "checkout.session", "mode": "setup", "status": "complete",
			"setup_intent": id, "metadata": map[string]any{"method_id": "m1"}}
		body, sig := signedEvent(t, "evt_seti", "checkout.session.completed", setup, webhookSecret, time.Now())
		_, err := p.Parse(context.Background(), body, sig)
		if !errors.Is(err, payment.ErrBadSignature) {
			t.Errorf("setup intent %q: %v, want ErrBadSignature", id, err)
		}
	}
	if asked.Load() {
		t.Fatal("Stripe was asked about a setup intent id it never made")
	}
}
