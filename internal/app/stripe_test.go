package app

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"testing"
	"time"

	"lockers/internal/adapters/mail/mailtest"
	"lockers/internal/adapters/stripepay/stripetest"
	"lockers/internal/clock/clocktest"
	"lockers/internal/config"
	"lockers/internal/demo"
	"lockers/internal/jobs/jobstest"
	"lockers/internal/rpcclient"
	"lockers/internal/store"
)

const stripeWebhookSecret = "whsec_lockers_wiring_test"

// stripeSign is the Stripe-Signature header Stripe sends: t=<unix time>,
// v1=<hex HMAC-SHA256 of "<t>.<payload>" keyed by the endpoint's secret>.
func stripeSign(payload []byte, secret string, at time.Time) string {
	ts := strconv.FormatInt(at.Unix(), 10)
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(ts + "." + string(payload)))
	return "t=" + ts + ",v1=" + hex.EncodeToString(mac.Sum(nil))
}

// TestLockerdWithStripeBooksFromASignedWebhook runs the whole service as Run
// wires it with PAYMENT_PROVIDER=stripe against stripe-mock: a user's unpaid
// order gets a Checkout link from Stripe's API, and Stripe's signed
// checkout.session.completed at /webhooks/stripe books it. A forged signature
// first gets 400 and changes nothing.
func TestLockerdWithStripeBooksFromASignedWebhook(t *testing.T) {
	t.Parallel() // a server, a stripe-mock, a mail sink and databases of its own
	stripeBase := stripetest.Start(t)
	// Migrated databases: Run migrating an empty one is TestRunServesMigratesSeedsAndStops.
	jobstest.EachMigratedURL(t, func(t *testing.T, url string) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		mail := mailtest.Start(t, "", "")
		cfg := config.Default()
		cfg.HTTPAddr, cfg.DatabaseURL, cfg.SMTPURL = "127.0.0.1:0", url, mail.URL()
		cfg.PaymentProvider = "stripe"
		cfg.StripeSecretKey, cfg.StripeWebhookSecret, cfg.StripeAPIBase = "sk_test_lockers", stripeWebhookSecret, stripeBase
		if err := cfg.Validate(); err != nil {
			t.Fatal(err)
		}
		base := runForTest(t, ctx, cancel, cfg)
		db, err := store.Open(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		c := rpcclient.New(base, "127.0.0.1", 2)
		defer c.Close()

		token, userID := signUpForTest(t, ctx, c, db, mail)
		// The first orders are free (a coupon pays them); this user has used theirs.
		if _, err := db.ExecContext(ctx, `UPDATE user_coupons SET remaining = 0 WHERE user_id = $1`, userID); err != nil {
			t.Fatal(err)
		}
		day := clocktest.Day(time.Now(), clocktest.Tallinn, 2)
		var o struct {
			UUID   string `json:"uuid"`
			Status string `json:"status"`
		}
		if err := c.Mutation(ctx, "order.create", token, map[string]any{"stationUuid": demo.Stations[0].ID,
			"height": "small", "type": "standard", "temperature": "neutral", "start": day, "end": day}, &o); err != nil {
			t.Fatal(err)
		}
		if err := c.Mutation(ctx, "order.confirm", token, map[string]any{"orderUuid": o.UUID, "acceptTerms": true}, &o); err != nil || o.Status != "unpaid" {
			t.Fatalf("confirm: %s, %v", o.Status, err)
		}
		var link struct {
			URL string `json:"url"`
		}
		if err := c.Mutation(ctx, "order.paymentLink", token, map[string]any{"orderUuid": o.UUID}, &link); err != nil || link.URL == "" {
			t.Fatalf("paymentLink from stripe-mock: %q, %v", link.URL, err)
		}
		var paymentID, ref, state string
		var amount int64
		if err := db.QueryRowContext(ctx, `SELECT CAST(id AS TEXT), provider_ref, amount_cents, state FROM payments
			WHERE order_id = $1 AND provider = 'stripe'`, o.UUID).Scan(&paymentID, &ref, &amount, &state); err != nil || ref == "" || state != "pending" {
			t.Fatalf("the Stripe payment: ref %q, state %q, %v", ref, state, err)
		}

		event, err := json.Marshal(map[string]any{
			"id": "evt_wiring_" + o.UUID[:8], "object": "event", "type": "checkout.session.completed",
			"api_version": "2025-01-27.acacia", "created": time.Now().Unix(),
			"data": map[string]any{"object": map[string]any{
				"id": ref, "object": "checkout.session", "mode": "payment", "status": "complete",
				"payment_status": "paid", "amount_total": amount, "currency": "eur",
				"metadata": map[string]string{"payment_id": paymentID},
			}},
		})
		if err != nil {
			t.Fatal(err)
		}
		post := func(signature string) (int, map[string]any) {
			t.Helper()
			req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+"/webhooks/stripe", bytes.NewReader(event))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Stripe-Signature", signature)
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			var body map[string]any
			_ = json.NewDecoder(res.Body).Decode(&body)
			return res.StatusCode, body
		}
		recorded := func() int {
			t.Helper()
			var n int
			if err := db.QueryRowContext(ctx, `SELECT count(*) FROM webhook_events WHERE provider = 'stripe'`).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}

		// Signed with another secret: refused, nothing recorded, nothing paid.
		if status, body := post(stripeSign(event, "whsec_someone_else", time.Now())); status != http.StatusBadRequest || body["appCode"] != "BAD_INPUT" {
			t.Fatalf("forged signature: %d %v", status, body)
		}
		if n := recorded(); n != 0 {
			t.Fatalf("a forged notification was recorded (%d)", n)
		}
		if got := orderStatus(t, ctx, c, token, o.UUID); got.Status != "unpaid" || got.Payment.State != "pending" {
			t.Fatalf("after the forged notification: %+v", got)
		}

		// Stripe's own signature: acknowledged, recorded once, and the order is booked.
		if status, body := post(stripeSign(event, stripeWebhookSecret, time.Now())); status != http.StatusOK || body["received"] != true {
			t.Fatalf("signed notification: %d %v", status, body)
		}
		if n := recorded(); n != 1 {
			t.Fatalf("webhook_events holds %d stripe events, want 1", n)
		}
		got := waitForOrder(t, ctx, c, token, o.UUID, func(v orderState) bool { return v.Status == "booked" })
		if got.Payment.State != "paid" || got.Payment.PaidCents != amount {
			t.Fatalf("after the signed notification: %+v (paid %d)", got, amount)
		}
	})
}

// orderState is what the test reads of order.get.
type orderState struct {
	Status  string `json:"status"`
	Payment struct {
		State     string `json:"state"`
		PaidCents int64  `json:"paidCents"`
	} `json:"payment"`
}

func orderStatus(t *testing.T, ctx context.Context, c *rpcclient.Client, token, id string) orderState {
	t.Helper()
	var v orderState
	if err := c.Query(ctx, "order.get", token, map[string]any{"orderUuid": id}, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// waitForOrder reads the order until cond holds: the inbox applies an
// acknowledged notification right after the answer, on its own goroutine.
func waitForOrder(t *testing.T, ctx context.Context, c *rpcclient.Client, token, id string, cond func(orderState) bool) orderState {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		v := orderStatus(t, ctx, c, token, id)
		if cond(v) || time.Now().After(deadline) {
			return v
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// runForTest starts Run with cfg until the test ends and returns its base URL.
func runForTest(t *testing.T, ctx context.Context, cancel context.CancelFunc, cfg config.Config) string {
	t.Helper()
	addrs := make(chan string, 1)
	done := make(chan error, 1)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	go func() { done <- Run(ctx, cfg, log, webFiles, func(a string) { addrs <- a }) }()
	wait := runWait(t)
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil && !errors.Is(err, context.Canceled) {
				t.Errorf("Run: %v", err)
			}
		case <-time.After(wait):
			t.Errorf("Run did not stop within %v", wait)
		}
	})
	select {
	case a := <-addrs:
		return "http://" + a
	case err := <-done:
		t.Fatalf("Run stopped before listening: %v", err)
	case <-time.After(wait):
		t.Fatalf("Run did not start listening within %v", wait)
	}
	return ""
}

// signUpForTest registers a user the way the app does (the code from the
// e-mail) and returns the bearer token and the user's id.
func signUpForTest(t *testing.T, ctx context.Context, c *rpcclient.Client, db *store.DB, mail *mailtest.Server) (string, string) {
	t.Helper()
	email := fmt.Sprintf("stripe-%d@example.com", time.Now().UnixNano())
	if err := c.Mutation(ctx, "auth.register", "", map[string]any{"email": email, "acceptTerms": true, "language": "en"}, nil); err != nil {
		t.Fatal(err)
	}
	wctx, stop := context.WithTimeout(ctx, 30*time.Second)
	defer stop()
	m, err := mail.WaitFor(wctx, email, 0)
	if err != nil || m.Code() == "" {
		t.Fatalf("verification e-mail: %v", err)
	}
	var v struct {
		VerificationToken string `json:"verificationToken"`
	}
	if err := c.Mutation(ctx, "auth.verify", "", map[string]any{"email": email, "code": m.Code()}, &v); err != nil {
		t.Fatal(err)
	}
	var a struct {
		Token string `json:"token"`
	}
	device := map[string]any{"appVersion": Version, "deviceName": "test", "platform": "web", "model": "go", "osVersion": "1"}
	if err := c.Mutation(ctx, "auth.setPassword", "", map[string]any{"verificationToken": v.VerificationToken,
		"password": "stripe-test-1", "passwordRepeat": "stripe-test-1", "device": device}, &a); err != nil || a.Token == "" {
		t.Fatalf("setPassword: %v", err)
	}
	var id string
	if err := db.QueryRowContext(ctx, `SELECT CAST(id AS TEXT) FROM users WHERE email = $1`, email).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return a.Token, id
}
