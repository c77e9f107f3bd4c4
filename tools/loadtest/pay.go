package loadtest

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"lockers/internal/rpcclient"
	"lockers/internal/store"
)

// bookReady gives every user enough free orders for the booking-only phase,
// so that it books as the app does for a free order: create, then confirm.
func bookReady(ctx context.Context, db *store.DB) error {
	_, err := db.ExecContext(ctx, `UPDATE user_coupons SET remaining = 1000000`)
	return err
}

// bookFree books one locker of kind p and confirms it, free by coupon
// (order.create, order.confirm): a booked order without payment.
func bookFree(ctx context.Context, c *rpcclient.Client, token, stationID string, p product, start, end time.Time) error {
	id, err := createOrder(ctx, c, token, stationID, p, start, end)
	if err != nil {
		return err
	}
	var o struct {
		Status string `json:"status"`
	}
	if err := c.Mutation(ctx, "order.confirm", token, map[string]any{"orderUuid": id, "acceptTerms": true}, &o); err != nil {
		return err
	}
	if o.Status != "booked" {
		return fmt.Errorf("order.confirm answered %s, want booked", o.Status)
	}
	return nil
}

// createOrder calls order.create for one locker of kind p.
func createOrder(ctx context.Context, c *rpcclient.Client, token, stationID string, p product, start, end time.Time) (string, error) {
	var o struct {
		UUID string `json:"uuid"`
	}
	err := c.Mutation(ctx, "order.create", token, map[string]any{
		"stationUuid": stationID, "height": p.height, "type": "standard", "temperature": p.temperature,
		"start": start.Format(time.RFC3339), "end": end.Format(time.RFC3339),
	}, &o)
	return o.UUID, err
}

// payReady prepares the signed-up users for the book-and-pay phase: their
// free orders are spent (each order then costs money) and each saves the demo
// provider's working card through the API and its hosted page, as a person
// would.
func payReady(ctx context.Context, db *store.DB, srv *server, c *rpcclient.Client, tokens []string) error {
	if _, err := db.ExecContext(ctx, `UPDATE user_coupons SET remaining = 0`); err != nil {
		return fmt.Errorf("spend coupons: %w", err)
	}
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for _, tok := range tokens {
		var added struct {
			URL string `json:"url"`
		}
		if err := c.Mutation(ctx, "paymentMethod.add", tok, map[string]any{"lang": "en"}, &added); err != nil {
			return fmt.Errorf("paymentMethod.add: %w", err)
		}
		page, err := url.Parse(added.URL)
		if err != nil {
			return err
		}
		// The page's address carries PUBLIC_URL's host; the server is on srv.base.
		res, err := noRedirect.PostForm(srv.base+page.Path, url.Values{"action": {"save"}, "card": {"works"}})
		if err != nil {
			return err
		}
		res.Body.Close()
		if res.StatusCode != http.StatusSeeOther {
			return fmt.Errorf("the demo card page answered %d", res.StatusCode)
		}
	}
	return nil
}

// bookAndPay books one locker of kind p, confirms it and pays it with the
// user's default card in one tap (order.create, order.confirm, order.pay), as
// the app does. The order is processing when it returns; the demo provider's
// notification books it a moment later.
func bookAndPay(ctx context.Context, c *rpcclient.Client, token, stationID string, p product, start, end time.Time) error {
	id, err := createOrder(ctx, c, token, stationID, p, start, end)
	if err != nil {
		return err
	}
	var o struct {
		Status string `json:"status"`
	}
	ref := map[string]any{"orderUuid": id, "acceptTerms": true}
	if err := c.Mutation(ctx, "order.confirm", token, ref, &o); err != nil {
		return err
	}
	if o.Status != "unpaid" {
		return fmt.Errorf("order.confirm answered %s, want unpaid", o.Status)
	}
	if err := c.Mutation(ctx, "order.pay", token, map[string]any{"orderUuid": id}, &o); err != nil {
		return err
	}
	if o.Status != "processing" && o.Status != "booked" {
		return fmt.Errorf("order.pay answered %s", o.Status)
	}
	return nil
}

// waitInvoiced waits until every paid payment has its invoice.
func waitInvoiced(ctx context.Context, db *store.DB, within time.Duration) error {
	err := waitNone(ctx, db, `SELECT count(*) FROM payments WHERE state = 'paid' AND invoiced_at IS NULL`, within)
	if err != nil {
		return fmt.Errorf("paid orders not invoiced: %w", err)
	}
	return nil
}

// databaseName is the PostgreSQL database of url, "" for SQLite.
func databaseName(databaseURL string) string {
	u, err := url.Parse(databaseURL)
	if err != nil || u.Scheme != "postgres" && u.Scheme != "postgresql" {
		return ""
	}
	return strings.TrimPrefix(u.Path, "/")
}

// waitPaid waits until no payment is open any more (the provider's
// notifications have all been applied) and returns how many orders are booked
// and paid (only the book-and-pay phase pays for orders). The loop asks the
// small partial index of open payments: counting booked orders on every turn
// scanned the orders table and took a fifth of a core from the run it timed.
func waitPaid(ctx context.Context, db *store.DB, n int, within time.Duration) (int, error) {
	if err := waitNone(ctx, db, `SELECT count(*) FROM payments WHERE state IN ('pending', 'processing')`, within); err != nil {
		return 0, fmt.Errorf("payments still open: %w", err)
	}
	var got int
	err := db.QueryRowContext(ctx, `SELECT count(*) FROM orders WHERE status = 'booked' AND paid_cents > 0`).Scan(&got)
	if err == nil && got < n {
		err = fmt.Errorf("%d of %d paid orders were booked", got, n)
	}
	return got, err
}

// quiesce waits until the job queue has no work due: the deliveries of the
// notifications an earlier phase caused (e-mail, push) run after its last call
// returned, and would otherwise run inside the next phase and be charged to it.
func quiesce(ctx context.Context, db *store.DB, within time.Duration) error {
	return waitNone(ctx, db, `SELECT count(*) FROM river_job WHERE state IN ('available', 'running', 'retryable')`, within)
}

// waitNone polls count until it answers 0.
func waitNone(ctx context.Context, db *store.DB, count string, within time.Duration) error {
	deadline := time.Now().Add(within)
	for {
		var left int
		if err := db.QueryRowContext(ctx, count).Scan(&left); err != nil {
			return err
		}
		if left == 0 {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%d left after %s", left, within)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
