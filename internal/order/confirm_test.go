package order_test

import (
	"testing"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/order"
)

func TestConfirmWithACouponBooksAtOnceAndSpendsOneFreeOrder(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		c := e.grant(u, "FIRST3", 3)
		o := e.create(u, input())
		_, err := e.orders.Confirm(e.ctx, u, o.ID, false)
		wantCode(t, err, apperr.MustAcceptTerms)
		o, err = e.orders.Confirm(e.ctx, u, o.ID, true)
		if err != nil {
			t.Fatal(err)
		}
		if o.Status != order.Booked || !o.CouponUsed || o.Coupon.Remaining != 2 || e.remaining(c) != 2 {
			t.Fatalf("status %s, used %v, coupon %+v, remaining %d", o.Status, o.CouponUsed, o.Coupon, e.remaining(c))
		}
		if o.Label(e.clock.Now()) != order.BookedNotStarted || o.ConfirmedAt.IsZero() {
			t.Fatalf("label %s, confirmed %v", o.Label(e.clock.Now()), o.ConfirmedAt)
		}
		if total, _ := o.Totals(); total != 0 {
			t.Fatalf("a free order costs %d", total)
		}
		// A double tap answers with the first confirm's result and spends nothing more.
		again, err := e.orders.Confirm(e.ctx, u, o.ID, true)
		if err != nil || again.Status != order.Booked || again.ID != o.ID {
			t.Fatalf("confirm again: %s, %v; want the booked order", again.Status, err)
		}
		if e.remaining(c) != 2 {
			t.Fatal("confirming twice spent two free orders")
		}
	})
}

func TestConfirmWithoutACouponWaitsForPayment(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		o := e.create(u, input())
		e.clock.Add(10 * time.Minute)
		o, err := e.orders.Confirm(e.ctx, u, o.ID, true)
		if err != nil {
			t.Fatal(err)
		}
		if o.Status != order.Unpaid || !o.ReservedUntil.Equal(e.clock.Now().Add(order.HoldFor)) {
			t.Fatalf("status %s, held until %v", o.Status, o.ReservedUntil)
		}
		if total, _ := o.Totals(); total != 500 {
			t.Fatalf("total %d", total)
		}
		e.clock.Add(time.Minute)
		again, err := e.orders.Confirm(e.ctx, u, o.ID, true)
		if err != nil || again.Status != order.Unpaid || !again.ReservedUntil.Equal(o.ReservedUntil) {
			t.Fatalf("confirm again: %s until %v (%v); want the same unpaid order, its hold unchanged", again.Status, again.ReservedUntil, err)
		}
	})
}

func TestConfirmFallsBackToPaymentWhenTheCouponWasSpentMeanwhile(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		c := e.grant(u, "NEXT5", 1)
		first := e.create(u, input())
		second := e.create(u, input())
		if second.Coupon == nil {
			t.Fatal("the second order was not offered the coupon")
		}
		if _, err := e.orders.Confirm(e.ctx, u, first.ID, true); err != nil {
			t.Fatal(err)
		}
		o, err := e.orders.Confirm(e.ctx, u, second.ID, true)
		if err != nil {
			t.Fatal(err)
		}
		if o.Status != order.Unpaid || o.Coupon != nil || o.CouponUsed {
			t.Fatalf("status %s, coupon %+v", o.Status, o.Coupon)
		}
		if total, _ := o.Totals(); total != 500 || e.remaining(c) != 0 {
			t.Fatalf("total %d, remaining %d", total, e.remaining(c))
		}
	})
}

func TestConfirmAfterTheHoldRanOutIsExpired(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		o := e.create(u, input())
		e.clock.Add(order.HoldFor)
		_, err := e.orders.Confirm(e.ctx, u, o.ID, true)
		wantCode(t, err, apperr.OrderExpired)
		if _, err := e.orders.Sweep(e.ctx); err != nil {
			t.Fatal(err)
		}
		_, err = e.orders.Confirm(e.ctx, u, o.ID, true)
		wantCode(t, err, apperr.OrderExpired)
	})
}

func TestConfirmOfAStartedOrderMakesItActive(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		e.grant(u, "FIRST3", 3)
		in := input()
		in.Start, in.End = "2026-06-05", "2026-06-05" // today: started already
		o := e.booked(u, in)
		if o.Status != order.Active {
			t.Fatalf("status %s, want active", o.Status)
		}
	})
}
