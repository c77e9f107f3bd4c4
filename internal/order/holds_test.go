package order_test

import (
	"testing"

	"lockers/internal/apperr"
	"lockers/internal/order"
)

// One account holds at most MaxHolds unpaid orders at once and at most
// MaxHeldAtStation lockers at one station: the fourth concurrent hold is
// refused naming the cap, so is a hold that would take a sixth locker at a
// station; a lapsed hold no longer counts, and another
// account is not affected.
func TestHoldCaps(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		three := input()
		three.Count = 3
		e.create(u, three)
		two := input()
		two.Count, two.Product.Height = 2, "big"
		e.create(u, two)
		one := input()
		_, err := e.orders.Create(e.ctx, u, one)
		wantCode(t, err, apperr.CodeTooManyRequest)
		if e2, _ := apperr.As(err); e2.Field != "count" || e2.Message != "at most 5 unpaid compartments at one station" {
			t.Fatalf("refusal at the station: %v (field %q)", err, e2.Field)
		}
		elsewhere := input()
		elsewhere.StationID = tartu
		e.create(u, elsewhere)
		_, err = e.orders.Create(e.ctx, u, elsewhere)
		wantCode(t, err, apperr.CodeTooManyRequest)
		if e2, _ := apperr.As(err); e2.Field != "count" || e2.Message != "at most 3 unpaid bookings at a time" {
			t.Fatalf("the fourth hold: %v", err)
		}
		// Another account books as before.
		e.create(e.user(), elsewhere)
		// Holds that lapsed free the account again.
		e.clock.Add(order.HoldFor)
		if err := e.orders.SweepOnce(e.ctx); err != nil {
			t.Fatal(err)
		}
		e.create(u, three)
	})
}

// The caps come from configuration (MAX_UNPAID_ORDERS, MAX_HELD_AT_STATION):
// the refusal names the configured cap, and 0 is no cap.
func TestHoldCapsAreConfigured(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		e.orders.SetHoldCaps(1, 0)
		e.create(u, input())
		elsewhere := input()
		elsewhere.StationID = tartu
		_, err := e.orders.Create(e.ctx, u, elsewhere)
		if e2, ok := apperr.As(err); !ok || e2.Code != apperr.CodeTooManyRequest || e2.Message != "at most 1 unpaid bookings at a time" {
			t.Fatalf("the second hold with a cap of 1: %v", err)
		}
		e.orders.SetHoldCaps(0, 0)
		e.create(u, elsewhere)
		e.create(u, input())
	})
}

// Bookings of one account at the same moment pass the caps one at a time:
// of eight racing for one station, exactly the cap's worth is booked and the
// rest are refused naming it (on PostgreSQL each runs in its own transaction,
// so only the service's own serialisation keeps them under the cap).
func TestHoldCapsHoldForRacingBookings(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		e.orders.SetHoldCaps(2, 0)
		errs := make(chan error, 8)
		for range 8 {
			go func() {
				in := input()
				_, err := e.orders.Create(e.ctx, u, in)
				errs <- err
			}()
		}
		booked := 0
		for range 8 {
			err := <-errs
			if err == nil {
				booked++
				continue
			}
			wantCode(t, err, apperr.CodeTooManyRequest)
		}
		if booked != 2 {
			t.Fatalf("%d of 8 racing bookings passed a cap of 2", booked)
		}
	})
}
