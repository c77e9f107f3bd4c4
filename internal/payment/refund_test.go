package payment_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/order"
	"lockers/internal/payment"
)

// paidWithExtension is a paid order whose locker was extended by a day and
// paid for too: two payments, 500 + 500 cents.
func (e *env) paidWithExtension(u string) order.Order {
	e.t.Helper()
	o, p := e.processingOrder(u)
	e.event(paidEvent(p))
	o, err := e.orders.Extend(e.ctx, u, o.ID, o.Lockers[0].ID, "2026-06-07")
	if err != nil || o.Extension == nil || o.Extension.AmountCents != 500 {
		e.t.Fatalf("extend: %+v, %v", o.Extension, err)
	}
	if o, err = e.payments.Pay(e.ctx, u, o.ID, ""); err != nil || !o.InFlight() {
		e.t.Fatalf("pay extension: %v", err)
	}
	ps := e.paymentsOf(o.ID)
	if len(ps) != 2 || ps[1].Kind != order.DueExtension {
		e.t.Fatalf("payments %+v", ps)
	}
	e.event(paidEvent(ps[1]))
	o = e.order(u, o.ID)
	if o.Status != order.Extended || o.PaidCents != 1000 || o.Extension != nil {
		e.t.Fatalf("extended: %s, paid %d", o.Status, o.PaidCents)
	}
	return o
}

func TestCancelWithinTheWindowRefundsEveryPaymentExtensionsIncluded(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		o := e.paidWithExtension(u)
		e.clock.Add(10 * time.Minute)
		got, err := e.orders.Cancel(e.ctx, u, o.ID, "wrong input")
		if err != nil {
			t.Fatal(err)
		}
		n, cents := e.refunds(o.ID)
		if got.Status != order.Refunded || got.PaidCents != 0 || got.RefundedCents != 1000 || n != 2 || cents != 1000 {
			t.Fatalf("%s, paid %d, refunded %d; %d refunds of %d cents", got.Status, got.PaidCents, got.RefundedCents, n, cents)
		}
		var sum int64
		for _, r := range e.provider.refunds {
			sum += r.AmountCents
		}
		if e.provider.refundCount() != 2 || sum != 1000 {
			t.Fatalf("the provider refunded %d times, %d cents", e.provider.refundCount(), sum)
		}
		for _, p := range e.paymentsOf(o.ID) {
			if p.State != payment.Refunded {
				t.Fatalf("payment %s is %s", p.ID, p.State)
			}
		}
		if _, err := e.payments.Reconcile(e.ctx); err != nil {
			t.Fatal(err)
		}
		if len(e.invoices.paid) != 2 || len(e.invoices.refunded) != 2 {
			t.Fatalf("invoiced %d payments, %d refunds", len(e.invoices.paid), len(e.invoices.refunded))
		}
		_, err = e.orders.Cancel(e.ctx, u, o.ID, "again")
		wantCode(t, err, apperr.OrderRefunded)
		if e.provider.refundCount() != 2 {
			t.Fatal("refunded twice")
		}
	})
}

func TestCancelAfterTheWindowKeepsTheMoney(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		o := e.paidWithExtension(u)
		e.clock.Add(order.RefundWithin)
		got, err := e.orders.Cancel(e.ctx, u, o.ID, "wrong input")
		if err != nil || got.Status != order.Cancelled || got.PaidCents != 1000 || e.provider.refundCount() != 0 {
			t.Fatalf("%s, paid %d, %d refunds, %v", got.Status, got.PaidCents, e.provider.refundCount(), err)
		}
	})
}

func TestARefundTheProviderFailsLeavesTheOrderAndARetryRefundsTheRestOnce(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		o := e.paidWithExtension(u)
		// The provider refunds the first payment, then stops working.
		e.provider.refundErr, e.provider.refundsLeft = errors.New("provider down"), 1
		_, err := e.orders.Cancel(e.ctx, u, o.ID, "just testing")
		wantCode(t, err, apperr.RefundError)
		got := e.order(u, o.ID)
		if got.Status != order.Extended || got.CancelNote != "" || got.PaidCents != 500 || got.RefundedCents != 500 {
			t.Fatalf("after a failed refund: %s, note %q, paid %d, refunded %d", got.Status, got.CancelNote, got.PaidCents, got.RefundedCents)
		}
		// Back up, after the window: the refund that began is finished, once each.
		e.provider.refundErr = nil
		e.clock.Add(order.RefundWithin)
		got, err = e.orders.Cancel(e.ctx, u, o.ID, "just testing")
		if err != nil || got.Status != order.Refunded || got.PaidCents != 0 || got.RefundedCents != 1000 {
			t.Fatalf("retry: %s, paid %d, refunded %d, %v", got.Status, got.PaidCents, got.RefundedCents, err)
		}
		if e.provider.refundCount() != 2 {
			t.Fatalf("the provider refunded %d times, want 2", e.provider.refundCount())
		}
	})
}

func TestARefundWithoutAnswerIsRetriedWithTheSameKey(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		o, p := e.processingOrder(u)
		e.event(paidEvent(p))
		e.provider.slow = time.Second // the refund happens, the answer is lost
		_, err := e.orders.Cancel(e.ctx, u, o.ID, "just testing")
		wantCode(t, err, apperr.RefundError)
		if got := e.order(u, o.ID); got.Status != order.Booked {
			t.Fatalf("status %s", got.Status)
		}
		e.provider.slow = 0
		got, err := e.orders.Cancel(e.ctx, u, o.ID, "just testing")
		if err != nil || got.Status != order.Refunded {
			t.Fatalf("retry: %s, %v", got.Status, err)
		}
		if e.provider.refundCount() != 1 || !strings.HasSuffix(e.provider.refunds[0].IdempotencyKey, "-1") {
			t.Fatalf("refunds %+v", e.provider.refunds)
		}
	})
}

func TestARefusedRefundIsAnAlarmAndTheNextTryGetsANewKey(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		o, p := e.processingOrder(u)
		e.event(paidEvent(p))
		e.provider.refundErr = payment.ErrRefused
		_, err := e.orders.Cancel(e.ctx, u, o.ID, "just testing")
		wantCode(t, err, apperr.CantRefund)
		var state string
		var attempt int
		if err := e.db.QueryRowContext(e.ctx, `SELECT state, attempt FROM refunds WHERE order_id = $1`, o.ID).Scan(&state, &attempt); err != nil {
			t.Fatal(err)
		}
		if state != "failed" || attempt != 1 {
			t.Fatalf("refund %s, attempt %d", state, attempt)
		}
		e.provider.refundErr = nil
		if got, err := e.orders.Cancel(e.ctx, u, o.ID, "just testing"); err != nil || got.Status != order.Refunded {
			t.Fatalf("retry: %s, %v", got.Status, err)
		}
		if e.provider.refundCount() != 1 || !strings.HasSuffix(e.provider.refunds[0].IdempotencyKey, "-2") {
			t.Fatalf("refunds %+v", e.provider.refunds)
		}
	})
}
