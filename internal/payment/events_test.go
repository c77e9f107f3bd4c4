package payment_test

import (
	"testing"

	"lockers/internal/order"
	"lockers/internal/payment"
)

// processingOrder is an order whose charge the provider is deciding.
func (e *env) processingOrder(u string) (order.Order, payment.Payment) {
	e.t.Helper()
	e.card(u, "pm_ok")
	o := e.unpaid(u)
	if _, err := e.payments.Pay(e.ctx, u, o.ID, ""); err != nil {
		e.t.Fatal(err)
	}
	return o, e.paymentsOf(o.ID)[0]
}

func TestANotificationReplayedThreeTimesIsAppliedOnce(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		o, p := e.processingOrder(u)
		ev := paidEvent(p)
		ev.ID = "evt_replayed"
		for range 3 {
			e.event(ev)
		}
		got := e.order(u, o.ID)
		if got.Status != order.Booked || got.PaidCents != 500 {
			t.Fatalf("after three deliveries: %s, paid %d", got.Status, got.PaidCents)
		}
		var n int
		if err := e.db.QueryRowContext(e.ctx, `SELECT count(*) FROM webhook_events WHERE event_id = 'evt_replayed'`).Scan(&n); err != nil || n != 1 {
			t.Fatalf("recorded %d times, %v", n, err)
		}
		// The same notification again, even a "declined" one under the old id, changes nothing.
		e.event(payment.Event{ID: "evt_replayed", Kind: payment.EventPaymentDeclined, PaymentID: p.ID})
		if got := e.order(u, o.ID); got.Status != order.Booked {
			t.Fatalf("a replayed id changed the order: %s", got.Status)
		}
	})
}

func TestNotificationsOutOfOrderNeverUndoAPayment(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		o, p := e.processingOrder(u)
		e.event(paidEvent(p))
		// Late news from before the payment: processing, then a decline of an earlier try.
		e.event(payment.Event{Kind: payment.EventPaymentProcessing, PaymentID: p.ID})
		e.event(payment.Event{Kind: payment.EventPaymentDeclined, PaymentID: p.ID, Failure: "card_declined"})
		e.event(payment.Event{Kind: payment.EventPaymentExpired, PaymentID: p.ID})
		got := e.order(u, o.ID)
		ps := e.paymentsOf(o.ID)
		if got.Status != order.Booked || got.PaymentState != order.PaymentPaid || ps[0].State != payment.Paid || got.PaidCents != 500 {
			t.Fatalf("order %s/%s, payment %s, paid %d", got.Status, got.PaymentState, ps[0].State, got.PaidCents)
		}
	})
}

func TestAProcessingNotificationBeforeThePaidOneIsHarmless(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		o := e.unpaid(u)
		url, _, err := e.payments.Link(e.ctx, u, o.ID, "et")
		if err != nil || url == "" {
			t.Fatal(url, err)
		}
		p := e.paymentsOf(o.ID)[0]
		e.event(payment.Event{Kind: payment.EventPaymentProcessing, PaymentID: p.ID})
		if got := e.order(u, o.ID); got.Status != order.Processing || got.PaymentState != order.PaymentProcessing {
			t.Fatalf("processing: %s/%s", got.Status, got.PaymentState)
		}
		e.event(paidEvent(p))
		if got := e.order(u, o.ID); got.Status != order.Booked {
			t.Fatalf("paid: %s", got.Status)
		}
	})
}

func TestAWrongAmountOrCurrencyNeverBooks(t *testing.T) {
	for _, tc := range []struct {
		name     string
		cents    int64
		currency string
	}{
		{"amount", 499, "eur"},
		{"more", 50000, "EUR"},
		{"currency", 500, "usd"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			each(t, func(t *testing.T, e *env) {
				u := e.user()
				o, p := e.processingOrder(u)
				ev := paidEvent(p)
				ev.AmountCents, ev.Currency = tc.cents, tc.currency
				e.event(ev)
				got := e.order(u, o.ID)
				ps := e.paymentsOf(o.ID)
				if got.Status == order.Booked || got.PaidCents != 0 || ps[0].State != payment.Failed || ps[0].Failure == "" {
					t.Fatalf("mismatch booked: %s, paid %d, payment %s %q", got.Status, got.PaidCents, ps[0].State, ps[0].Failure)
				}
				// The right notification still counts.
				e.event(paidEvent(p))
				if got := e.order(u, o.ID); got.Status != order.Booked || got.PaidCents != 500 {
					t.Fatalf("then the right one: %s, %d", got.Status, got.PaidCents)
				}
			})
		})
	}
}

// A notification about a payment, card or refund we do not have is recorded
// (so a replay is known) and applied as nothing: no error for the provider to
// retry, no row of ours touched. One of a type we do not handle at all
// (EventIgnored) is not even recorded.
func TestANotificationAboutSomethingUnknownIsRecordedAndIgnored(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		count := func(query string, args ...any) int {
			t.Helper()
			var n int
			if err := e.db.QueryRowContext(e.ctx, query, args...).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		rowsBefore := count(`SELECT (SELECT count(*) FROM payments) + (SELECT count(*) FROM payment_methods) +
			(SELECT count(*) FROM refunds) + (SELECT count(*) FROM orders)`)
		for _, ev := range []payment.Event{
			{Kind: payment.EventPaymentPaid, PaymentID: "99999999-9999-4999-8999-999999999999", AmountCents: 5, Currency: "eur"},
			{Kind: payment.EventPaymentPaid, PaymentID: "pi_not_ours"},
			{Kind: payment.EventMethodReady, MethodID: "99999999-9999-4999-8999-999999999999"},
			{Kind: payment.EventRefundSucceeded, RefundID: "nope"},
		} {
			ev = e.event(ev)
			if n := count(`SELECT count(*) FROM webhook_events WHERE provider = 'demo' AND event_id = $1
				AND applied_at IS NOT NULL AND failure = ''`, ev.ID); n != 1 {
				t.Errorf("%s about something unknown: %d applied records without failure, want 1", ev.Kind, n)
			}
		}
		ignored := e.event(payment.Event{Kind: payment.EventIgnored})
		if n := count(`SELECT count(*) FROM webhook_events WHERE event_id = $1`, ignored.ID); n != 0 {
			t.Errorf("an ignored type was recorded %d times", n)
		}
		if n := count(`SELECT count(*) FROM webhook_events`); n != 4 {
			t.Errorf("%d notifications recorded, want 4", n)
		}
		if after := count(`SELECT (SELECT count(*) FROM payments) + (SELECT count(*) FROM payment_methods) +
			(SELECT count(*) FROM refunds) + (SELECT count(*) FROM orders)`); after != rowsBefore {
			t.Errorf("payments, cards, refunds and orders: %d rows before, %d after", rowsBefore, after)
		}
	})
}
