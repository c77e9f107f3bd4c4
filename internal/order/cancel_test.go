package order_test

import (
	"slices"
	"testing"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/order"
)

func TestCancelNeedsANote(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		o := e.create(u, input())
		_, err := e.orders.Cancel(e.ctx, u, o.ID, "  ")
		wantCode(t, err, apperr.MissingNote)
		long := make([]byte, order.MaxNoteLength+1)
		for i := range long {
			long[i] = 'x'
		}
		_, err = e.orders.Cancel(e.ctx, u, o.ID, string(long))
		wantCode(t, err, apperr.BadInput)
	})
}

func TestCancelFreesTheLockersAndGivesTheCouponBackBeforeTheStart(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		c := e.grant(u, "FIRST3", 3)
		in := input()
		in.Count = 3
		o := e.booked(u, in)
		if e.remaining(c) != 2 {
			t.Fatal("confirm did not spend the coupon")
		}
		_, err := e.orders.Create(e.ctx, e.user(), input())
		wantCode(t, err, apperr.LockersNotAvailable)

		o, err = e.orders.Cancel(e.ctx, u, o.ID, "just testing")
		if err != nil {
			t.Fatal(err)
		}
		if o.Status != order.Cancelled || o.CancelNote != "just testing" || o.CancelledAt.IsZero() || o.CouponUsed {
			t.Fatalf("cancelled order %+v", o)
		}
		if e.remaining(c) != 3 {
			t.Fatalf("remaining %d, want the free order back", e.remaining(c))
		}
		e.create(e.user(), input()) // the lockers are free again
		_, err = e.orders.Cancel(e.ctx, u, o.ID, "again")
		wantCode(t, err, apperr.OrderAlreadyCancelled)
		_, err = e.orders.Confirm(e.ctx, u, o.ID, true)
		wantCode(t, err, apperr.OrderCancelled)
	})
}

func TestCancelAfterTheStartKeepsTheCouponSpent(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		c := e.grant(u, "FIRST3", 3)
		o := e.booked(u, input())
		e.clock.Set(o.Start.Add(time.Hour))
		o, err := e.orders.Cancel(e.ctx, u, o.ID, "wrong input")
		if err != nil {
			t.Fatal(err)
		}
		if o.Status != order.Cancelled || e.remaining(c) != 2 {
			t.Fatalf("status %s, remaining %d", o.Status, e.remaining(c))
		}
	})
}

func TestCancelRefundsAPaidOrderOnlyWithinFifteenMinutesOfCreation(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		paid := func() order.Order { return e.paid(u, e.booked(u, input())) }
		early := paid()
		e.clock.Add(order.RefundWithin - time.Minute)
		o, err := e.orders.Cancel(e.ctx, u, early.ID, "just testing")
		if err != nil || o.Status != order.Refunded || o.PaidCents != 0 || o.RefundedCents != 500 {
			t.Fatalf("cancel 14 min after creation: %s, paid %d, refunded %d, %v; want refunded", o.Status, o.PaidCents, o.RefundedCents, err)
		}
		late := paid()
		e.clock.Add(order.RefundWithin)
		o, err = e.orders.Cancel(e.ctx, u, late.ID, "just testing")
		if err != nil || o.Status != order.Cancelled || o.PaidCents != 500 {
			t.Fatalf("cancel 15 min after creation: %s, %v; want cancelled", o.Status, err)
		}
		_, err = e.orders.Cancel(e.ctx, u, early.ID, "again")
		wantCode(t, err, apperr.OrderRefunded)
		// An unpaid order has nothing to refund, however fresh.
		unpaid := e.booked(u, input())
		o, err = e.orders.Cancel(e.ctx, u, unpaid.ID, "wrong input")
		if err != nil || o.Status != order.Cancelled {
			t.Fatalf("cancel unpaid: %s, %v", o.Status, err)
		}
		if want := []string{early.ID}; !slices.Equal(e.refunds.calls, want) {
			t.Fatalf("refunds asked for %v, want %v", e.refunds.calls, want)
		}
	})
}

func TestCancelKeepsTheOrderWhenTheRefundFails(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		o := e.paid(u, e.booked(u, input()))
		e.refunds.fail = true
		_, err := e.orders.Cancel(e.ctx, u, o.ID, "just testing")
		wantCode(t, err, apperr.RefundError)
		got, _ := e.orders.Get(e.ctx, u, o.ID)
		if got.Status != order.Booked || got.CancelNote != "" || got.PaidCents != o.PaidCents {
			t.Fatalf("a failed refund changed the order: %s, note %q, paid %d", got.Status, got.CancelNote, got.PaidCents)
		}
		// A retry refunds and cancels.
		e.refunds.fail = false
		e.clock.Add(time.Minute)
		if got, err = e.orders.Cancel(e.ctx, u, o.ID, "just testing"); err != nil || got.Status != order.Refunded {
			t.Fatalf("retry: %s, %v", got.Status, err)
		}
	})
}

func TestCancelOfAnOrderThatIsOverOrPaying(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		o := e.create(u, input())
		set := func(status string) {
			if _, err := e.db.ExecContext(e.ctx, `UPDATE orders SET status = $2 WHERE id = $1`, o.ID, status); err != nil {
				t.Fatal(err)
			}
		}
		for status, code := range map[string]apperr.Code{
			"processing": apperr.CantChange, "expired": apperr.OrderExpired, "finalized": apperr.OrderExpired,
			"unfinished": apperr.OrderExpired, "failed": apperr.OrderFailed, "deleted": apperr.OrderAlreadyDeleted,
		} {
			set(status)
			_, err := e.orders.Cancel(e.ctx, u, o.ID, "note")
			if apperr.CodeOf(err) != code {
				t.Errorf("cancel %s: %v, want %s", status, err, code)
			}
		}
	})
}

// TestEndRefundedEndsAFreeOrderAsCancelled: an operator ends a free booking
// (its compartment went out of service with no other free): cancelled, not
// refunded (no money moved), the coupon's free order back, the lockers free;
// an order still holding money is CANT_CHANGE.
func TestEndRefundedEndsAFreeOrderAsCancelled(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		c := e.grant(u, "FIRST3", 3)
		o := e.booked(u, input())
		o, err := e.orders.EndRefunded(e.ctx, u, o.ID)
		if err != nil {
			t.Fatal(err)
		}
		if o.Status != order.Cancelled || o.CouponUsed || o.CancelNote != "" {
			t.Fatalf("ended %+v", o)
		}
		if e.remaining(c) != 3 {
			t.Fatalf("remaining %d, want the free order back", e.remaining(c))
		}
		pu := e.user()
		p := e.paid(pu, e.booked(pu, input())) // the lockers are free again
		_, err = e.orders.EndRefunded(e.ctx, pu, p.ID)
		wantCode(t, err, apperr.CantChange)
	})
}
