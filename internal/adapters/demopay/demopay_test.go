package demopay

import (
	"context"
	"errors"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"lockers/internal/payment"
)

func newTestProvider(t *testing.T) *Provider {
	t.Helper()
	p, err := New(Options{Secret: "whsec_test", PublicURL: "https://lockers.example/", ChargeDelay: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Close)
	return p
}

func TestNotificationsAreSignedLikeStripesAndVerified(t *testing.T) {
	p := newTestProvider(t)
	body := []byte(`{"id":"evt_1","type":"checkout.session.completed","paymentId":"p1","amount":500,"currency":"EUR"}`)
	ev, err := p.Parse(context.Background(), body, Sign(body, "whsec_test", time.Now()))
	if err != nil || ev.ID != "evt_1" || ev.Kind != payment.EventPaymentPaid || ev.PaymentID != "p1" || ev.AmountCents != 500 {
		t.Fatalf("parse: %+v, %v", ev, err)
	}
	for name, sig := range map[string]string{
		"other secret": Sign(body, "whsec_other", time.Now()),
		"stale":        Sign(body, "whsec_test", time.Now().Add(-Tolerance-time.Second)),
		"no header":    "",
		"garbage":      "t=1,v1=zz",
	} {
		if _, err := p.Parse(context.Background(), body, sig); !errors.Is(err, payment.ErrBadSignature) {
			t.Errorf("%s: %v, want ErrBadSignature", name, err)
		}
	}
}

func TestPageTokensCannotBeForgedOrReused(t *testing.T) {
	p := newTestProvider(t)
	h, err := p.StartCheckout(context.Background(), payment.CheckoutRequest{PaymentID: "p1", AmountCents: 500, Currency: "EUR",
		SuccessURL: "https://app/s", CancelURL: "https://app/c", FailureURL: "https://app/f"})
	if err != nil || h.Ref != "demo_cs_p1" || !strings.HasPrefix(h.URL, "https://lockers.example/demo-pay/checkout/") {
		t.Fatalf("checkout: %+v, %v", h, err)
	}
	tok := strings.TrimPrefix(h.URL, "https://lockers.example/demo-pay/checkout/")
	if pg, err := p.readToken(tok); err != nil || pg.Amount != 500 || pg.Failure != "https://app/f" {
		t.Fatalf("token: %+v, %v", pg, err)
	}
	other, _ := New(Options{Secret: "whsec_other", PublicURL: "https://lockers.example"})
	for name, bad := range map[string]string{
		"tampered":       strings.Replace(tok, tok[:4], "eyJr", 1) + "x",
		"another secret": func() string { s, _ := other.token(page{Kind: pageCheckout, Amount: 1}); return s }(),
		"empty":          "",
	} {
		if _, err := p.readToken(bad); err == nil {
			t.Errorf("%s token accepted", name)
		}
	}
}

func TestAChargeIsProcessingThenNotified(t *testing.T) {
	p := newTestProvider(t)
	var (
		mu  sync.Mutex
		got []payment.Event
	)
	done := make(chan struct{}, 2)
	p.SetDeliver(func(ctx context.Context, payload []byte, sig string) error {
		ev, err := p.Parse(ctx, payload, sig)
		mu.Lock()
		got = append(got, ev)
		mu.Unlock()
		done <- struct{}{}
		return err
	})
	for _, card := range []string{"demo_pm_works_1", "demo_pm_declines_1"} {
		res, err := p.Charge(context.Background(), payment.ChargeRequest{PaymentID: "p-" + card,
			Method: payment.Method{ProviderRef: card}, AmountCents: 500, Currency: "EUR"})
		if err != nil || res.Outcome != payment.OutcomeProcessing {
			t.Fatalf("charge %s: %+v, %v", card, res, err)
		}
		st, err := p.Status(context.Background(), payment.Payment{ProviderRef: res.Ref, AmountCents: 500, Currency: "EUR"})
		want := map[string]payment.Outcome{"demo_pm_works_1": payment.OutcomePaid, "demo_pm_declines_1": payment.OutcomeDeclined}[card]
		if err != nil || st.Outcome != want {
			t.Fatalf("status of %s: %+v, %v", card, st, err)
		}
	}
	for range 2 {
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatal("no notification")
		}
	}
	kinds := map[payment.EventKind]bool{}
	for _, ev := range got {
		kinds[ev.Kind] = true
	}
	if !kinds[payment.EventPaymentPaid] || !kinds[payment.EventPaymentDeclined] {
		t.Fatalf("notifications %+v", got)
	}
}

func TestThePageLanguage(t *testing.T) {
	for _, tc := range []struct{ asked, query, accept, want string }{
		{"et", "", "en-US", "et"},
		{"", "et", "", "et"},
		{"", "", "et-EE,et;q=0.9,en;q=0.8", "et"},
		{"", "", "de-DE,en;q=0.5", "en"},
		{"", "", "", "en"},
		{"en", "", "et", "en"},
	} {
		r := httptest.NewRequest("GET", "/demo-pay/checkout/x?lang="+tc.query, nil)
		r.Header.Set("Accept-Language", tc.accept)
		if got := textsFor(tc.asked, r).Lang; got != tc.want {
			t.Errorf("asked %q, query %q, Accept-Language %q: %s, want %s", tc.asked, tc.query, tc.accept, got, tc.want)
		}
	}
}

func TestMoneyIsWrittenTheLanguagesWay(t *testing.T) {
	for _, tc := range []struct {
		t     texts
		cents int64
		want  string
	}{
		{english, 500, "€5.00"}, {english, 1234, "€12.34"}, {estonian, 500, "5,00 €"}, {estonian, 7, "0,07 €"},
	} {
		if got := tc.t.money(tc.cents, "EUR"); got != tc.want {
			t.Errorf("%s %d: %q, want %q", tc.t.Lang, tc.cents, got, tc.want)
		}
	}
}

// TestAnExpiredCheckoutTakesNoMoney: once the order was paid another way the
// link's page says it has expired, Pay sends no notification and goes back to
// the app's failure page, and a status query answers expired.
func TestAnExpiredCheckoutTakesNoMoney(t *testing.T) {
	p := newTestProvider(t)
	var sent []string
	p.SetDeliver(func(_ context.Context, payload []byte, _ string) error {
		sent = append(sent, string(payload))
		return nil
	})
	h, err := p.StartCheckout(context.Background(), payment.CheckoutRequest{PaymentID: "p1", AmountCents: 210, Currency: "EUR",
		SuccessURL: "https://app/s", CancelURL: "https://app/c", FailureURL: "https://app/f"})
	if err != nil {
		t.Fatal(err)
	}
	pay := payment.Payment{ProviderRef: h.Ref, AmountCents: 210, Currency: "EUR"}
	if err := p.ExpireCheckout(context.Background(), pay); err != nil {
		t.Fatal(err)
	}
	path := strings.TrimPrefix(h.URL, "https://lockers.example")
	w := httptest.NewRecorder()
	p.Pages().ServeHTTP(w, httptest.NewRequest("GET", path, nil))
	if w.Code != 410 || !strings.Contains(w.Body.String(), "This payment link has expired") || strings.Contains(w.Body.String(), `value="pay"`) {
		t.Fatalf("the expired page: %d\n%s", w.Code, w.Body.String())
	}
	r := httptest.NewRequest("POST", path, strings.NewReader("action=pay"))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	w = httptest.NewRecorder()
	p.Pages().ServeHTTP(w, r)
	if w.Code != 303 || w.Header().Get("Location") != "https://app/f" || len(sent) != 0 {
		t.Fatalf("Pay on an expired link: %d to %q, notifications %v", w.Code, w.Header().Get("Location"), sent)
	}
	if res, err := p.Status(context.Background(), pay); err != nil || res.Outcome != payment.OutcomeExpired {
		t.Fatalf("status %+v, %v", res, err)
	}
}
