package stripepay_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"lockers/internal/adapters/stripepay"
	"lockers/internal/adapters/stripepay/stripetest"
	"lockers/internal/payment"
)

const webhookSecret = "whsec_test_secret"

func newProvider(t *testing.T, base string) *stripepay.Provider {
	t.Helper()
	p, err := stripepay.New(stripepay.Options{SecretKey: "sk_test_123", WebhookSecret: webhookSecret, APIBase: base,
		Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestTheAdapterAgainstStripeMock sends every request the adapter makes to
// stripe-mock, which checks them against Stripe's OpenAPI description (an
// unknown or misspelt parameter is refused) and answers with fixtures.
func TestTheAdapterAgainstStripeMock(t *testing.T) {
	p := newProvider(t, stripetest.Start(t))
	ctx := context.Background()

	setup, err := p.StartSetup(ctx, payment.SetupRequest{MethodID: "m1", UserID: "u1", Lang: "et",
		SuccessURL: "https://lockers.example/callback/method/success", CancelURL: "https://lockers.example/callback/method/cancel"})
	if err != nil || !strings.HasPrefix(setup.Ref, "cs_") || !strings.HasPrefix(setup.URL, "https://") || !strings.HasPrefix(setup.CustomerRef, "cus_") {
		t.Fatalf("setup: %+v, %v", setup, err)
	}
	again, err := p.StartSetup(ctx, payment.SetupRequest{MethodID: "m2", UserID: "u1", CustomerRef: setup.CustomerRef,
		SuccessURL: "https://lockers.example/s", CancelURL: "https://lockers.example/c"})
	if err != nil || again.CustomerRef != setup.CustomerRef {
		t.Fatalf("second setup: %+v, %v", again, err)
	}

	link, err := p.StartCheckout(ctx, payment.CheckoutRequest{PaymentID: "p1", UserID: "u1", AmountCents: 500, Currency: "EUR",
		Description: "Locker rental", IdempotencyKey: "pay-p1", SuccessURL: "https://lockers.example/s", CancelURL: "https://lockers.example/c"})
	if err != nil || !strings.HasPrefix(link.Ref, "cs_") || link.URL == "" {
		t.Fatalf("checkout: %+v, %v", link, err)
	}
	st, err := p.Status(ctx, payment.Payment{ProviderRef: link.Ref})
	if err != nil || st.Ref == "" || st.Outcome == "" {
		t.Fatalf("session status: %+v, %v", st, err)
	}
	// The order was paid another way: the link's session is expired at Stripe.
	if err := p.ExpireCheckout(ctx, payment.Payment{ProviderRef: link.Ref}); err != nil {
		t.Fatalf("expire the checkout: %v", err)
	}
	if err := p.ExpireCheckout(ctx, payment.Payment{ProviderRef: "pi_1"}); err == nil {
		t.Fatal("expired a payment intent as if it were a checkout")
	}

	card := payment.Method{ProviderRef: "pm_card_visa", CustomerRef: setup.CustomerRef}
	res, err := p.Charge(ctx, payment.ChargeRequest{PaymentID: "p2", UserID: "u1", Method: card, AmountCents: 500,
		Currency: "EUR", Description: "Locker rental", IdempotencyKey: "pay-p2"})
	// stripe-mock's intent fixture waits for a payment method: for an
	// off-session charge, that is a decline.
	if err != nil || !strings.HasPrefix(res.Ref, "pi_") || res.Outcome != payment.OutcomeDeclined {
		t.Fatalf("charge: %+v, %v", res, err)
	}
	if st, err := p.Status(ctx, payment.Payment{ProviderRef: res.Ref}); err != nil || st.Ref != res.Ref {
		t.Fatalf("intent status: %+v, %v", st, err)
	}

	ref, err := p.Refund(ctx, payment.RefundRequest{RefundID: "r1", Payment: payment.Payment{ID: "p2", ProviderRef: res.Ref},
		AmountCents: 500, IdempotencyKey: "refund-r1-1"})
	if err != nil || !strings.HasPrefix(ref, "re_") {
		t.Fatalf("refund: %q, %v", ref, err)
	}
	if ref, err := p.Refund(ctx, payment.RefundRequest{RefundID: "r2", Payment: payment.Payment{ID: "p1", ProviderRef: link.Ref},
		AmountCents: 500, IdempotencyKey: "refund-r2-1"}); err != nil && !errors.Is(err, payment.ErrRefused) {
		t.Fatalf("refund of a link: %q, %v", ref, err)
	}
	if err := p.Detach(ctx, card); err != nil {
		t.Fatalf("detach: %v", err)
	}
	// The reconciliation's view of Stripe's books: stripe-mock's balance
	// transaction fixture is one charge, read with its source expanded.
	entries, err := p.Ledger(ctx, time.Now().Add(-24*time.Hour), time.Now())
	if err != nil || len(entries) != 1 || entries[0].Kind != payment.LedgerPayment || !strings.HasPrefix(entries[0].Ref, "txn_") ||
		entries[0].Currency == "" || entries[0].At.IsZero() {
		t.Fatalf("ledger: %+v, %v", entries, err)
	}
}

// stripeServer is a real HTTP peer that answers every call with handler.
func stripeServer(t *testing.T, handler http.HandlerFunc) string {
	t.Helper()
	srv := httptest.NewServer(handler)
	t.Cleanup(srv.Close)
	return srv.URL
}

func TestASlowOrFailingStripeIsAnErrorNotADecline(t *testing.T) {
	stop := make(chan struct{})
	slow := stripeServer(t, func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-stop: // the test is over
		case <-r.Context().Done():
		}
	})
	t.Cleanup(func() { close(stop) }) // runs before the server's Close
	down := stripeServer(t, func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusInternalServerError)
		_, _ = w.Write([]byte(`{"error":{"type":"api_error","message":"boom"}}`))
	})
	charge := payment.ChargeRequest{PaymentID: "p", Method: payment.Method{ProviderRef: "pm_1", CustomerRef: "cus_1"},
		AmountCents: 500, Currency: "EUR", IdempotencyKey: "pay-p"}
	for name, base := range map[string]string{"slow": slow, "down": down} {
		t.Run(name, func(t *testing.T) {
			p := newProvider(t, base)
			ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
			defer cancel()
			began := time.Now()
			res, err := p.Charge(ctx, charge)
			if err == nil || res.Outcome != "" {
				t.Fatalf("charge answered %+v, %v; want an error", res, err)
			}
			if time.Since(began) > 2*time.Second {
				t.Fatalf("the call took %s: the timeout did not hold", time.Since(began))
			}
			if _, err := p.Refund(ctx, payment.RefundRequest{RefundID: "r", Payment: payment.Payment{ProviderRef: "pi_1"},
				AmountCents: 500, IdempotencyKey: "refund-r-1"}); err == nil || errors.Is(err, payment.ErrRefused) {
				t.Fatalf("refund: %v; want an error that is not a refusal", err)
			}
		})
	}
}

func TestACardErrorIsADeclineAndAnInvalidRefundARefusal(t *testing.T) {
	var idemKeys []string
	base := stripeServer(t, func(w http.ResponseWriter, r *http.Request) {
		idemKeys = append(idemKeys, r.Header.Get("Idempotency-Key"))
		w.Header().Set("Content-Type", "application/json")
		if strings.HasSuffix(r.URL.Path, "/refunds") {
			w.WriteHeader(http.StatusBadRequest)
			_, _ = w.Write([]byte(`{"error":{"type":"invalid_request_error","code":"amount_too_large","message":"no"}}`))
			return
		}
		w.WriteHeader(http.StatusPaymentRequired)
		_, _ = w.Write([]byte(`{"error":{"type":"card_error","code":"card_declined","decline_code":"insufficient_funds",
			"message":"Your card has insufficient funds.","payment_intent":{"id":"pi_declined","object":"payment_intent"}}}`))
	})
	p := newProvider(t, base)
	res, err := p.Charge(context.Background(), payment.ChargeRequest{PaymentID: "p", Method: payment.Method{ProviderRef: "pm_1"},
		AmountCents: 500, Currency: "EUR", IdempotencyKey: "pay-p"})
	if err != nil || res.Outcome != payment.OutcomeDeclined || res.Ref != "pi_declined" || res.Failure != "insufficient_funds" {
		t.Fatalf("declined charge: %+v, %v", res, err)
	}
	_, err = p.Refund(context.Background(), payment.RefundRequest{RefundID: "r", Payment: payment.Payment{ProviderRef: "pi_1"},
		AmountCents: 500, IdempotencyKey: "refund-r-1"})
	if !errors.Is(err, payment.ErrRefused) {
		t.Fatalf("refused refund: %v", err)
	}
	if len(idemKeys) != 2 || idemKeys[0] != "pay-p" || idemKeys[1] != "refund-r-1" {
		t.Fatalf("idempotency keys sent: %q", idemKeys)
	}
}
