//go:build unix

package app

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"lockers/internal/adapters/demopay"
	"lockers/internal/order"
	"lockers/internal/seed"
	"lockers/internal/station"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// BenchmarkWebhookIntake measures verified, de-duplicated notification intake
// (issue 12, "Speed"; figures in docs/benchmarks.md): lockerd with the demo
// provider over real HTTP, 16 senders with keep-alive connections, each
// notification checked for its signature and recorded by id in the inbox,
// which applies it (payment and order in one transaction; the invoice worker
// runs alongside). It runs once per database and reports
//
//   - acked-events/s: first deliveries, until the last one is acknowledged;
//
//   - applied-events/s: the same, until the last order is booked;
//
//   - replayed-events/s: the same notifications again, which change nothing.
//
//     go test -run '^$' -bench WebhookIntake -benchtime 1x ./internal/app/
//
// LOCKERS_WEBHOOK_EVENTS changes the number of notifications (default 2000).
func BenchmarkWebhookIntake(b *testing.B) {
	for _, d := range []struct {
		name string
		open func(testing.TB) *store.DB
	}{{"sqlite", storetest.SQLite}, {"postgres", storetest.Postgres}} {
		b.Run(d.name, func(b *testing.B) {
			for b.Loop() {
				e := newPayEnv(b, d.open(b))
				n := envInt(b, "LOCKERS_WEBHOOK_EVENTS", 2000)
				bodies := e.pendingLinks(n)
				ctx, cancel := context.WithCancel(context.Background())
				done := make(chan struct{})
				go func() { defer close(done); e.services.payments.service.RunInvoicer(ctx) }()

				cpu0 := processCPU()
				began := time.Now()
				fresh := e.deliver(bodies, http.StatusOK)
				booked := e.waitBooked(n, began)
				applied := time.Since(began)
				freshCPU := processCPU() - cpu0
				replay := e.deliver(bodies, http.StatusOK)
				var seen, paidTwice int
				if err := e.db.QueryRowContext(e.ctx, `SELECT count(*) FROM webhook_events`).Scan(&seen); err != nil {
					b.Fatal(err)
				}
				if err := e.db.QueryRowContext(e.ctx, `SELECT count(*) FROM orders WHERE paid_cents > 500`).Scan(&paidTwice); err != nil {
					b.Fatal(err)
				}
				cancel()
				<-done
				if booked != n || seen != n || paidTwice != 0 {
					b.Fatalf("%d of %d orders booked, %d notifications recorded, %d paid twice", booked, n, seen, paidTwice)
				}
				b.ReportMetric(float64(n)/fresh.Seconds(), "acked-events/s")
				b.ReportMetric(float64(n)/applied.Seconds(), "applied-events/s")
				b.ReportMetric(float64(n)/replay.Seconds(), "replayed-events/s")
				b.ReportMetric(float64(freshCPU.Microseconds())/float64(n), "cpu-µs/paid-event")
				b.Logf("%s: %d notifications: acknowledged in %s (%.0f/s), all applied (orders booked) in %s (%.0f/s), replay %s (%.0f/s)",
					d.name, n, fresh.Round(time.Millisecond), float64(n)/fresh.Seconds(), applied.Round(time.Millisecond),
					float64(n)/applied.Seconds(), replay.Round(time.Millisecond), float64(n)/replay.Seconds())
			}
		})
	}
}

// pendingLinks makes n unpaid orders at a station of 200 lockers (an hour
// each), opens a payment link for each and returns each payment's signed
// "paid" notification.
func (e *payEnv) pendingLinks(n int) [][2]string {
	e.t.Helper()
	now := time.Now().UTC()
	stationID, err := seed.Load(e.ctx, e.db, 200, 0, now)
	if err != nil {
		e.t.Fatal(err)
	}
	u := e.user()
	base := now.Truncate(time.Hour).Add(48 * time.Hour)
	out := make([][2]string, n)
	var (
		next atomic.Int64
		wg   sync.WaitGroup
		mu   sync.Mutex
		errs []error
	)
	for range 8 {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				start := base.Add(time.Duration(i/90) * time.Hour) // 33 small lockers of each temperature: 30 an hour each
				o, err := e.services.orders.Create(e.ctx, u, order.CreateInput{StationID: stationID,
					Product: station.Product{Height: "small", Type: "standard", Temperature: []string{"cool", "neutral", "warm"}[i%3]},
					Start:   start.Format(time.RFC3339), End: start.Add(time.Hour).Format(time.RFC3339)})
				if err == nil {
					o, err = e.services.orders.Confirm(e.ctx, u, o.ID, true)
				}
				if err == nil {
					_, _, err = e.services.payments.service.Link(e.ctx, u, o.ID, "")
				}
				if err != nil {
					mu.Lock()
					errs = append(errs, fmt.Errorf("order %d: %w", i, err))
					mu.Unlock()
					return
				}
				total, _ := o.Totals()
				var pid string
				if err := e.db.QueryRowContext(e.ctx, `SELECT id FROM payments WHERE order_id = $1`, o.ID).Scan(&pid); err != nil {
					mu.Lock()
					errs = append(errs, err)
					mu.Unlock()
					return
				}
				body, sig := signed(e.t, map[string]any{"id": "evt_" + pid, "type": "checkout.session.completed",
					"paymentId": pid, "ref": "demo_cs_" + pid, "amount": total, "currency": "EUR"}, demoSecret, time.Now())
				out[i] = [2]string{string(body), sig}
			}
		})
	}
	wg.Wait()
	if len(errs) > 0 {
		e.t.Fatalf("%d orders failed, first: %v", len(errs), errs[0])
	}
	return out
}

// waitBooked waits until n orders are booked by notifications and returns n;
// it fails the benchmark after a minute.
func (e *payEnv) waitBooked(n int, began time.Time) int {
	e.t.Helper()
	for {
		var booked int
		if err := e.db.QueryRowContext(e.ctx, `SELECT count(*) FROM orders WHERE status = 'booked' AND paid_cents > 0`).Scan(&booked); err != nil {
			e.t.Fatal(err)
		}
		if booked >= n {
			return booked
		}
		if time.Since(began) > time.Minute {
			e.t.Fatalf("%d of %d orders booked after a minute", booked, n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// deliver posts every notification with 16 senders and returns the time it took;
// any answer but want fails the benchmark.
func (e *payEnv) deliver(bodies [][2]string, want int) time.Duration {
	e.t.Helper()
	tr := &http.Transport{MaxIdleConnsPerHost: 16}
	defer tr.CloseIdleConnections()
	c := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	var (
		next atomic.Int64
		bad  atomic.Int64
		wg   sync.WaitGroup
	)
	began := time.Now()
	for range 16 {
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < len(bodies); i = int(next.Add(1) - 1) {
				req, _ := http.NewRequest(http.MethodPost, e.base+"/webhooks/demo", strings.NewReader(bodies[i][0]))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set(demopay.SignatureHeader, bodies[i][1])
				res, err := c.Do(req)
				if err != nil || res.StatusCode != want {
					bad.Add(1)
				}
				if err == nil {
					res.Body.Close()
				}
			}
		})
	}
	wg.Wait()
	took := time.Since(began)
	if n := bad.Load(); n > 0 {
		e.t.Fatalf("%d notifications were not answered %d", n, want)
	}
	return took
}

// processCPU is the CPU time this process (lockerd and the senders) has used.
// On a shared machine CPU per event is steadier than events per second.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func envInt(tb testing.TB, name string, def int) int {
	tb.Helper()
	var n int
	if v := strings.TrimSpace(os.Getenv(name)); v != "" {
		if _, err := fmt.Sscan(v, &n); err != nil || n <= 0 {
			tb.Fatalf("%s=%q is not a positive number", name, v)
		}
		return n
	}
	return def
}
