package payment_test

import (
	"testing"
	"time"

	"lockers/internal/order"
	"lockers/internal/payment"
)

// A declined payment keeps the booking (issue 26): the order waits for payment
// again with its lockers and its hold as it stood, the failed attempt stays on
// record, a second payment for the same order books it, and only the hold's end
// (the sweep) lets the lockers go.

// liveLockers counts the order's lockers that still hold their compartment.
func (e *env) liveLockers(orderID string) int {
	e.t.Helper()
	var n int
	if err := e.db.QueryRowContext(e.ctx, `SELECT count(*) FROM order_lockers WHERE order_id = $1 AND live`, orderID).Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	return n
}

// wantHeld fails unless the order waits for payment after a decline, holding
// its locker until hold.
func wantHeld(t *testing.T, e *env, userID, orderID string, hold time.Time) order.Order {
	t.Helper()
	got := e.order(userID, orderID)
	if got.Status != order.Unpaid || got.PaymentState != order.PaymentFailed {
		t.Fatalf("after the decline: status %s, payment %s; want unpaid, failed", got.Status, got.PaymentState)
	}
	if !got.ReservedUntil.Equal(hold) {
		t.Fatalf("the hold moved: %v, want %v", got.ReservedUntil, hold)
	}
	if n := e.liveLockers(orderID); n != 1 {
		t.Fatalf("%d live lockers after the decline, want 1", n)
	}
	return got
}

// wantStates fails unless the order's payments, oldest first, are in states.
func wantStates(t *testing.T, e *env, orderID string, states ...payment.State) {
	t.Helper()
	ps := e.paymentsOf(orderID)
	if len(ps) != len(states) {
		t.Fatalf("%d payments, want %d", len(ps), len(states))
	}
	for i, p := range ps {
		if p.State != states[i] {
			t.Fatalf("payment %d is %s, want %s", i, p.State, states[i])
		}
	}
}

func TestADeclinedChargeKeepsTheOrderAndAnotherCardBooksIt(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		e.card(u, "pm_declines")
		o := e.unpaid(u)
		// Stripe answers a decline at once.
		e.provider.chargeOutcome = payment.OutcomeDeclined
		got, err := e.payments.Pay(e.ctx, u, o.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		if _, due := got.DueAt(e.clock.Now()); got.Status != order.Unpaid || !due || got.InFlight() {
			t.Fatalf("the answer to a declined charge: %s, due %v, in flight %v", got.Status, due, got.InFlight())
		}
		// The charge renewed the hold; the decline keeps it as it stood.
		wantHeld(t, e, u, o.ID, got.ReservedUntil)
		wantStates(t, e, o.ID, payment.Failed)
		// The card stays saved, and says its last charge was declined (issue 46).
		if list, _ := e.payments.Methods(e.ctx, u); len(list) != 1 || !list[0].Declined() || !list[0].Usable() {
			t.Fatalf("the declining card after the decline: %+v", list)
		}

		// Another card, at once: the order is booked.
		e.provider.chargeOutcome = payment.OutcomeProcessing
		other := e.card(u, "pm_ok")
		if _, err := e.payments.Pay(e.ctx, u, o.ID, other.ID); err != nil {
			t.Fatal(err)
		}
		ps := e.paymentsOf(o.ID)
		e.event(paidEvent(ps[len(ps)-1]))
		if got := e.order(u, o.ID); got.Status != order.Booked || got.PaidCents != 500 || got.PaymentState != order.PaymentPaid {
			t.Fatalf("paid after the decline: %s, %d, %s", got.Status, got.PaidCents, got.PaymentState)
		}
		wantStates(t, e, o.ID, payment.Failed, payment.Paid)
		if n := e.liveLockers(o.ID); n != 1 {
			t.Fatalf("%d live lockers once booked", n)
		}
	})
}

func TestADeclineByNotificationKeepsTheOrderAndTheLinkBooksIt(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		e.card(u, "pm_declines")
		o := e.unpaid(u)
		// The demo provider answers "processing" and declines by notification.
		processing, err := e.payments.Pay(e.ctx, u, o.ID, "")
		if err != nil || processing.Status != order.Processing {
			t.Fatalf("pay: %s, %v", processing.Status, err)
		}
		e.event(payment.Event{Kind: payment.EventPaymentDeclined, PaymentID: e.paymentsOf(o.ID)[0].ID, Failure: "card_declined"})
		wantHeld(t, e, u, o.ID, processing.ReservedUntil)

		// The one-time link for the same order books it.
		url, _, err := e.payments.Link(e.ctx, u, o.ID, "en")
		if err != nil || url == "" {
			t.Fatalf("link after the decline: %q, %v", url, err)
		}
		e.event(paidEvent(e.paymentsOf(o.ID)[1]))
		if got := e.order(u, o.ID); got.Status != order.Booked || got.PaidCents != 500 {
			t.Fatalf("paid by link after the decline: %s, %d", got.Status, got.PaidCents)
		}
		wantStates(t, e, o.ID, payment.Failed, payment.Paid)
	})
}

func TestALinkDeclinedOnThePageKeepsTheHoldUntilTheSweepEndsIt(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		o := e.unpaid(u)
		if _, _, err := e.payments.Link(e.ctx, u, o.ID, ""); err != nil {
			t.Fatal(err)
		}
		e.event(payment.Event{Kind: payment.EventPaymentDeclined, PaymentID: e.paymentsOf(o.ID)[0].ID})
		// A link does not renew the hold: it ends when the confirmation's did.
		wantHeld(t, e, u, o.ID, o.ReservedUntil)
		wantStates(t, e, o.ID, payment.Failed)

		// Within the hold the sweep leaves it alone.
		e.clock.Add(o.ReservedUntil.Sub(e.clock.Now()) - time.Second)
		if _, err := e.orders.Sweep(e.ctx); err != nil {
			t.Fatal(err)
		}
		wantHeld(t, e, u, o.ID, o.ReservedUntil)

		// Then the hold runs out: released like any unpaid order.
		e.clock.Add(time.Second)
		if _, err := e.orders.Sweep(e.ctx); err != nil {
			t.Fatal(err)
		}
		got := e.order(u, o.ID)
		if got.Status != order.Unfinished || e.liveLockers(o.ID) != 0 {
			t.Fatalf("after the hold: %s, %d live lockers", got.Status, e.liveLockers(o.ID))
		}
		_, _, err := e.payments.Link(e.ctx, u, o.ID, "")
		wantCode(t, err, "ORDER_EXPIRED")
	})
}
