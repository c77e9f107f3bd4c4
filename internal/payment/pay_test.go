package payment_test

import (
	"context"
	"testing"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/order"
	"lockers/internal/payment"
)

func TestPayWithTheDefaultCardBooksOnTheVerifiedNotification(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		m := e.card(u, "pm_ok")
		if !m.Default || m.State != payment.MethodValid {
			t.Fatalf("the first card is not the valid default: %+v", m)
		}
		o := e.unpaid(u)
		got, err := e.payments.Pay(e.ctx, u, o.ID, "")
		if err != nil {
			t.Fatal(err)
		}
		if got.Status != order.Processing || got.PaymentState != order.PaymentProcessing || !got.InFlight() {
			t.Fatalf("after pay: %s, %s", got.Status, got.PaymentState)
		}
		ps := e.paymentsOf(o.ID)
		if len(ps) != 1 || ps[0].State != payment.Processing || ps[0].AmountCents != 500 || ps[0].MethodID != m.ID ||
			ps[0].IdempotencyKey != "pay-"+ps[0].ID || len(e.provider.charges) != 1 {
			t.Fatalf("payments %+v, charges %d", ps, len(e.provider.charges))
		}
		// A second tap while the charge is in flight charges nothing more.
		if again, err := e.payments.Pay(e.ctx, u, o.ID, ""); err != nil || again.Status != order.Processing {
			t.Fatalf("second tap: %s, %v", again.Status, err)
		}
		if len(e.provider.charges) != 1 {
			t.Fatalf("a second tap charged again: %d charges", len(e.provider.charges))
		}
		e.event(paidEvent(ps[0]))
		got = e.order(u, o.ID)
		if got.Status != order.Booked || got.PaidCents != 500 || got.PaymentState != order.PaymentPaid {
			t.Fatalf("after paid: %s, paid %d, %s", got.Status, got.PaidCents, got.PaymentState)
		}
		if m, _ = e.payments.Method(e.ctx, u, m.ID); m.State != payment.MethodSettled {
			t.Fatalf("card after its first charge: %s, want settled", m.State)
		}
		_, err = e.payments.Pay(e.ctx, u, o.ID, "")
		wantCode(t, err, apperr.OrderAlreadyConfirmed)
		// The worker hands the payment to the invoicer, with its lines.
		if _, err := e.payments.Reconcile(e.ctx); err != nil {
			t.Fatal(err)
		}
		if len(e.invoices.paid) != 1 || e.invoices.paid[0].PaymentID != ps[0].ID || e.invoices.paid[0].AmountCents != 500 ||
			len(e.invoices.paid[0].Lines) != 1 || e.invoices.paid[0].Lines[0].Kind != order.LineRental {
			t.Fatalf("invoiced %+v", e.invoices.paid)
		}
		if _, err := e.payments.Reconcile(e.ctx); err != nil || len(e.invoices.paid) != 1 {
			t.Fatalf("invoiced twice: %d, %v", len(e.invoices.paid), err)
		}
	})
}

func TestPayStartedOrderIsActive(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		e.card(u, "pm_ok")
		o := e.unpaid(u)
		e.clock.Add(16 * time.Hour) // past the start (00:01 local) with the hold renewed below
		if _, err := e.db.ExecContext(e.ctx, `UPDATE orders SET reserved_until = $2 WHERE id = $1`, o.ID,
			e.clock.Now().Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
		if _, err := e.payments.Pay(e.ctx, u, o.ID, ""); err != nil {
			t.Fatal(err)
		}
		e.event(paidEvent(e.paymentsOf(o.ID)[0]))
		if got := e.order(u, o.ID); got.Status != order.Active {
			t.Fatalf("status %s, want active", got.Status)
		}
	})
}

func TestPayNeedsACardOfTheCallerAndAnOrderOfTheCaller(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u, other := e.user(), e.user()
		o := e.unpaid(u)
		_, err := e.payments.Pay(e.ctx, u, o.ID, "")
		wantCode(t, err, apperr.MissingPaymentMethod)
		theirs := e.card(other, "pm_theirs")
		_, err = e.payments.Pay(e.ctx, u, o.ID, theirs.ID)
		wantCode(t, err, apperr.PaymentMethodNotFound)
		_, err = e.payments.Pay(e.ctx, u, o.ID, "not-a-uuid")
		wantCode(t, err, apperr.PaymentMethodNotFound)
		_, err = e.payments.Pay(e.ctx, other, o.ID, "")
		wantCode(t, err, apperr.OrderNotFound)
		_, _, err = e.payments.Link(e.ctx, other, o.ID, "")
		wantCode(t, err, apperr.OrderNotFound)
		_, err = e.payments.Pay(e.ctx, u, "99999999-9999-4999-8999-999999999999", "")
		wantCode(t, err, apperr.OrderNotFound)
		e.card(u, "pm_ok")
		_, err = e.payments.Pay(e.ctx, other, o.ID, "")
		wantCode(t, err, apperr.OrderNotFound)
		if n := len(e.provider.charges); n != 0 {
			t.Fatalf("%d charges for refused calls", n)
		}
		if got := e.order(u, o.ID); got.Status != order.Unpaid {
			t.Fatalf("a refused call changed the order: %s", got.Status)
		}
	})
}

func TestAChargeWithoutAnswerKeepsTheHoldAndARetryNeverChargesTwice(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		e.card(u, "pm_ok")
		o := e.unpaid(u)
		// The provider charges, but its answer comes after our timeout.
		e.provider.slow = time.Second
		_, err := e.payments.Pay(e.ctx, u, o.ID, "")
		wantCode(t, err, apperr.ChargeError)
		got := e.order(u, o.ID)
		if got.Status != order.Unpaid || !got.ReservedUntil.After(e.clock.Now()) || got.PaymentState != order.PaymentPending {
			t.Fatalf("after a timeout: %s, hold %v, %s", got.Status, got.ReservedUntil, got.PaymentState)
		}
		// Down altogether: still CHARGE_ERROR, the order still waits.
		e.provider.slow, e.provider.chargeErr = 0, context.DeadlineExceeded
		_, err = e.payments.Pay(e.ctx, u, o.ID, "")
		wantCode(t, err, apperr.ChargeError)
		// Back up: the retry sends the first attempt's key again.
		e.provider.chargeErr = nil
		if got, err = e.payments.Pay(e.ctx, u, o.ID, ""); err != nil || got.Status != order.Processing {
			t.Fatalf("retry: %s, %v", got.Status, err)
		}
		ps := e.paymentsOf(o.ID)
		keys := map[string]bool{}
		for _, c := range e.provider.charges {
			keys[c.IdempotencyKey] = true
		}
		if len(ps) != 1 || len(e.provider.charges) != 3 || len(keys) != 1 || e.provider.distinctCharges() != 1 {
			t.Fatalf("%d payments, %d calls with %d keys, %d charges made", len(ps), len(e.provider.charges), len(keys), e.provider.distinctCharges())
		}
		e.event(paidEvent(ps[0]))
		if got := e.order(u, o.ID); got.Status != order.Booked || got.PaidCents != 500 {
			t.Fatalf("paid: %s, %d", got.Status, got.PaidCents)
		}
	})
}

func TestAnotherCardAfterAnUnansweredChargeRefundsTheFirstIfItWentThrough(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		first := e.card(u, "pm_first")
		second := e.card(u, "pm_second")
		o := e.unpaid(u)
		e.provider.slow = time.Second
		_, err := e.payments.Pay(e.ctx, u, o.ID, first.ID)
		wantCode(t, err, apperr.ChargeError)
		e.provider.slow = 0
		if _, err := e.payments.Pay(e.ctx, u, o.ID, second.ID); err != nil {
			t.Fatal(err)
		}
		ps := e.paymentsOf(o.ID)
		if len(ps) != 2 || ps[0].State != payment.Expired || ps[1].State != payment.Processing {
			t.Fatalf("payments %+v", ps)
		}
		e.event(paidEvent(ps[1]))
		// The first charge did happen after all: its money goes back.
		e.event(paidEvent(ps[0]))
		got := e.order(u, o.ID)
		if got.Status != order.Booked || got.PaidCents != 500 {
			t.Fatalf("order %s, paid %d", got.Status, got.PaidCents)
		}
		if e.provider.refundCount() != 1 || e.provider.refunds[0].Payment.ID != ps[0].ID {
			t.Fatalf("refunds %+v", e.provider.refunds)
		}
	})
}

func TestTheSweepKeepsAChargeInFlightForItsHoldOnly(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		e.card(u, "pm_ok")
		o := e.unpaid(u)
		e.clock.Add(14 * time.Minute) // the confirmation's hold is nearly over
		if _, err := e.payments.Pay(e.ctx, u, o.ID, ""); err != nil {
			t.Fatal(err)
		}
		e.clock.Add(10 * time.Minute) // past the first hold, within the renewed one
		if n, err := e.orders.Sweep(e.ctx); err != nil || n.Released != 0 {
			t.Fatalf("sweep released a charge in flight: %+v, %v", n, err)
		}
		e.clock.Add(6 * time.Minute)
		if n, err := e.orders.Sweep(e.ctx); err != nil || n.Released != 1 {
			t.Fatalf("sweep after the renewed hold: %+v, %v", n, err)
		}
		// The money arrives for an order that lost its locker: it goes back.
		p := e.paymentsOf(o.ID)[0]
		e.event(paidEvent(p))
		got := e.order(u, o.ID)
		if got.Status != order.Unfinished || got.PaidCents != 0 {
			t.Fatalf("late payment: %s, paid %d", got.Status, got.PaidCents)
		}
		if e.provider.refundCount() != 1 || e.provider.refunds[0].AmountCents != 500 {
			t.Fatalf("refunds %+v", e.provider.refunds)
		}
		if _, err := e.payments.Reconcile(e.ctx); err != nil || len(e.invoices.paid) != 0 {
			t.Fatalf("a refunded surplus was invoiced: %+v, %v", e.invoices.paid, err)
		}
	})
}

func TestTheReconcilerAsksTheProviderAboutStalePayments(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		e.card(u, "pm_ok")
		o := e.unpaid(u)
		if _, err := e.payments.Pay(e.ctx, u, o.ID, ""); err != nil {
			t.Fatal(err)
		}
		p := e.paymentsOf(o.ID)[0]
		e.provider.status[p.ProviderRef] = payment.Result{Ref: p.ProviderRef, Outcome: payment.OutcomeProcessing}
		if n, err := e.payments.Reconcile(e.ctx); err != nil || n.Asked != 0 {
			t.Fatalf("asked about a fresh payment: %+v, %v", n, err)
		}
		e.clock.Add(payment.StaleAfter + time.Second)
		if n, err := e.payments.Reconcile(e.ctx); err != nil || n.Asked != 1 || n.Decided != 0 {
			t.Fatalf("still processing: %+v, %v", n, err)
		}
		e.provider.status[p.ProviderRef] = payment.Result{Ref: p.ProviderRef, Outcome: payment.OutcomePaid,
			AmountCents: 500, Currency: "eur"}
		e.clock.Add(payment.StaleAfter + time.Second)
		if n, err := e.payments.Reconcile(e.ctx); err != nil || n.Decided != 1 {
			t.Fatalf("paid: %+v, %v", n, err)
		}
		if got := e.order(u, o.ID); got.Status != order.Booked {
			t.Fatalf("status %s, want booked from the status query", got.Status)
		}

		// An attempt the provider never acknowledged is given up; the order waits again.
		o2 := e.unpaid(u)
		e.provider.chargeErr = context.DeadlineExceeded
		_, err := e.payments.Pay(e.ctx, u, o2.ID, "")
		wantCode(t, err, apperr.ChargeError)
		e.clock.Add(payment.AnswerWithin + time.Second)
		if n, err := e.payments.Reconcile(e.ctx); err != nil || n.GaveUp != 1 {
			t.Fatalf("give up: %+v, %v", n, err)
		}
		if ps := e.paymentsOf(o2.ID); ps[0].State != payment.Expired {
			t.Fatalf("unanswered attempt: %s", ps[0].State)
		}
	})
}
