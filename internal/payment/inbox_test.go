package payment_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"lockers/internal/order"
	"lockers/internal/payment"
	"lockers/internal/payment/paymentsql"
)

func TestReceivedNotificationsAreAppliedOnceByTheAppliers(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		e.card(u, "pm_ok")
		var orders []order.Order
		var events []payment.Event
		for range 3 {
			o := e.unpaid(u)
			if _, err := e.payments.Pay(e.ctx, u, o.ID, ""); err != nil {
				t.Fatal(err)
			}
			ev := paidEvent(e.paymentsOf(o.ID)[0])
			ev.ID, ev.Provider = "evt_inbox_"+o.ID, "demo"
			orders, events = append(orders, o), append(events, ev)
		}
		// Every notification four times, side by side, as a provider retrying a burst.
		var wg sync.WaitGroup
		for range 4 {
			for _, ev := range events {
				wg.Go(func() {
					if err := e.payments.Receive(e.ctx, ev); err != nil {
						t.Error(err)
					}
				})
			}
		}
		wg.Wait()
		e.payments.Wait()
		for _, o := range orders {
			if got := e.order(u, o.ID); got.Status != order.Booked || got.PaidCents != 500 {
				t.Errorf("order %s: %s, paid %d", o.ID, got.Status, got.PaidCents)
			}
		}
		var recorded, applied int
		if err := e.db.QueryRowContext(e.ctx, `SELECT count(*), count(applied_at) FROM webhook_events
			WHERE event_id LIKE 'evt_inbox_%'`).Scan(&recorded, &applied); err != nil {
			t.Fatal(err)
		}
		if recorded != 3 || applied != 3 {
			t.Fatalf("%d recorded, %d applied; want 3 and 3", recorded, applied)
		}
	})
}

// flakyStore fails the first transactions it is asked for.
type flakyStore struct {
	payment.Store
	fails atomic.Int32
}

var errFlaky = errors.New("the database went away")

func (f *flakyStore) InGroup(ctx context.Context, fn func(context.Context, payment.Tx) error) error {
	if f.fails.Add(-1) >= 0 {
		return errFlaky
	}
	return f.Store.InGroup(ctx, fn)
}

func TestANotificationThatFailedToApplyIsRetriedByTheSweep(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		o, p := e.processingOrder(u)
		flaky := &flakyStore{Store: paymentsql.New(e.db)}
		flaky.fails.Store(1)
		svc, err := payment.NewService(payment.Deps{Store: flaky, Provider: e.provider, Invoicer: e.invoices,
			PublicURL: "https://lockers.example", Now: e.clock.Now})
		if err != nil {
			t.Fatal(err)
		}
		ev := paidEvent(p)
		ev.ID, ev.Provider = "evt_flaky", "demo"
		if err := svc.Receive(e.ctx, ev); err != nil {
			t.Fatalf("a recorded notification is acknowledged even if applying it fails: %v", err)
		}
		svc.Wait()
		if got := e.order(u, o.ID); got.Status != order.Processing {
			t.Fatalf("after the failed try: %s", got.Status)
		}
		var attempts int
		var failure string
		if err := e.db.QueryRowContext(e.ctx, `SELECT attempts, failure FROM webhook_events WHERE event_id = 'evt_flaky'`).
			Scan(&attempts, &failure); err != nil || attempts != 1 || failure != errFlaky.Error() {
			t.Fatalf("attempts %d, failure %q, %v", attempts, failure, err)
		}
		// Not due yet: the sweep leaves it.
		if n, err := svc.Reconcile(e.ctx); err != nil || n.Notifications != 0 {
			t.Fatalf("early sweep: %+v, %v", n, err)
		}
		e.clock.Add(time.Minute)
		if n, err := svc.Reconcile(e.ctx); err != nil || n.Notifications != 1 {
			t.Fatalf("sweep: %+v, %v", n, err)
		}
		if got := e.order(u, o.ID); got.Status != order.Booked || got.PaidCents != 500 {
			t.Fatalf("after the sweep: %s, paid %d", got.Status, got.PaidCents)
		}
		if n, err := svc.Reconcile(e.ctx); err != nil || n.Notifications != 0 {
			t.Fatalf("a second sweep found %+v, %v", n, err)
		}
	})
}
