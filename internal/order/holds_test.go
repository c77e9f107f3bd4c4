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
