package app

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"lockers/internal/adapters/demopay"
	"lockers/internal/payment"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// TestASignedNotificationWithHostileTextIsRefused: a correctly signed demo
// notification whose event id, type, provider reference or our ids hold a NUL,
// another control character, invalid UTF-8 or a malformed id answers 400 (the
// input gate's refusal) and records nothing, on both databases: before, the
// NUL reached PostgreSQL and answered 500, and the provider sent it again and
// again.
func TestASignedNotificationWithHostileTextIsRefused(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newPayEnv(t, db)
		post := func(body []byte) int {
			t.Helper()
			req, _ := http.NewRequest(http.MethodPost, e.base+"/webhooks/demo", strings.NewReader(string(body)))
			req.Header.Set(demopay.SignatureHeader, demopay.Sign(body, demoSecret, time.Now()))
			res, err := e.client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			return res.StatusCode
		}
		const paymentID = "0193a5f0-0000-7000-8000-000000000001"
		base := `{"id":"evt_1","type":"checkout.session.completed","paymentId":"` + paymentID +
			`","ref":"demo_cs_1","amount":500,"currency":"EUR"}`
		for name, body := range map[string]string{
			"NUL in the event id":           strings.Replace(base, `"evt_1"`, `"evt_\u00001"`, 1),
			"invalid UTF-8 in the event id": strings.Replace(base, `"evt_1"`, "\"evt_\xff1\"", 1),
			"a lone surrogate in the type":  strings.Replace(base, `"checkout.session.completed"`, `"checkout\ud800"`, 1),
			"an escape in the reference":    strings.Replace(base, `"demo_cs_1"`, `"demo\u001bcs"`, 1),
			"NUL in our payment id":         strings.Replace(base, paymentID, `\u0000`, 1),
			"our payment id not a UUID":     strings.Replace(base, paymentID, `x`, 1),
			"an event id of 5000 chars":     strings.Replace(base, `"evt_1"`, `"`+strings.Repeat("e", 5000)+`"`, 1),
		} {
			if code := post([]byte(body)); code != http.StatusBadRequest {
				t.Errorf("%s: %d, want 400", name, code)
			}
		}
		var n int
		if err := db.QueryRowContext(e.ctx, `SELECT count(*) FROM webhook_events`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 0 {
			t.Fatalf("%d notifications recorded", n)
		}
		// A clean one about no payment of ours is recorded and acknowledged.
		if code := post([]byte(base)); code != http.StatusOK {
			t.Fatalf("a clean notification: %d", code)
		}
	})
}

// parsedProvider is a provider whose signature checks pass and whose Parse
// answers ev: what Stripe's adapter reads from a signed event.
type parsedProvider struct {
	payment.Provider
	ev payment.Event
}

func (p parsedProvider) Name() string { return "stripe" }
func (p parsedProvider) Parse(context.Context, []byte, string) (payment.Event, error) {
	return p.ev, nil
}

// The gate is the webhook's, not the demo provider's: a Stripe event read
// with a NUL in its id, or our id not a UUID, is refused the same way before
// anything is recorded.
func TestEveryProvidersNotificationGoesThroughTheGate(t *testing.T) {
	log := slog.New(slog.DiscardHandler)
	for name, ev := range map[string]payment.Event{
		"NUL in the event id":       {ID: "evt_\x00", Provider: "stripe", Type: "payment_intent.succeeded", Kind: payment.EventPaymentPaid},
		"invalid UTF-8 in the type": {ID: "evt_1", Provider: "stripe", Type: "payment_intent\xff", Kind: payment.EventPaymentPaid},
		"our payment id not a UUID": {ID: "evt_1", Provider: "stripe", Kind: payment.EventPaymentPaid, PaymentID: "p1"},
		"NUL in the card's brand":   {ID: "evt_1", Provider: "stripe", Kind: payment.EventMethodReady, Card: payment.Card{Brand: "vi\x00sa"}},
	} {
		// svc is nil: a refused notification never reaches the inbox.
		h := webhookHandler(parsedProvider{ev: ev}, nil, "Stripe-Signature", log)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/webhooks/stripe", strings.NewReader(`{}`)))
		if rec.Code != http.StatusBadRequest || !strings.Contains(rec.Body.String(), `"BAD_INPUT"`) {
			t.Errorf("%s: %d %s, want 400 BAD_INPUT", name, rec.Code, rec.Body.String())
		}
	}
}
