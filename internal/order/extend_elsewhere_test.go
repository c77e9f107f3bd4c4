package order_test

import (
	"testing"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/order"
	"lockers/internal/station"
)

// The extend fallback: the compartment is booked by someone else after the
// rental, so the rental moves to a free one of the same kind and is extended
// there; with none free the answer is LOCKERS_NOT_AVAILABLE.
func TestExtendElsewhereMovesTheRentalWhenItsCompartmentIsTaken(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		// Viru Keskus has two big cool compartments, A10 and A11.
		big := station.Product{Height: "big", Type: "standard", Temperature: "cool"}
		u := e.user()
		in := input()
		in.Product = big
		o := e.grantAndBook(u, in)
		l := o.Lockers[0]
		// Someone books the rental's compartment for the next day.
		next := input()
		next.Product = big
		next.Start, next.End = "2026-06-07", "2026-06-07"
		other := e.booked(e.user(), next)
		if other.Lockers[0].LockerID == l.LockerID {
			// The other booking took the rental's own compartment; fine: that is the case.
		} else if _, err := e.db.ExecContext(e.ctx, `UPDATE order_lockers SET locker_id = $2 WHERE id = $1`,
			other.Lockers[0].ID, l.LockerID); err != nil {
			t.Fatal(err)
		}
		if _, err := e.orders.Extend(e.ctx, u, o.ID, l.ID, "2026-06-07"); apperr.CodeOf(err) != apperr.OrderCantBeExtended {
			t.Fatalf("plain extend: %v, want ORDER_CANT_BE_EXTENDED", err)
		}
		got, err := e.orders.ExtendElsewhere(e.ctx, u, o.ID, l.ID, "2026-06-07")
		if err != nil {
			t.Fatal(err)
		}
		m := got.Lockers[0]
		if m.ID != l.ID || m.LockerID == l.LockerID || m.Label == l.Label || m.DeliveryCode != l.DeliveryCode ||
			m.End.Format(time.RFC3339) != "2026-06-07T20:59:00Z" || got.Status != order.Extended {
			t.Fatalf("moved locker %+v (was %+v), status %s", m, l, got.Status)
		}
		if e.overlaps() != 0 {
			t.Fatal("a double booking")
		}
		// Now nothing of the kind is free for another day.
		third := input()
		third.Product = big
		third.Start, third.End = "2026-06-08", "2026-06-08"
		e.booked(e.user(), third)
		e.booked(e.user(), third)
		if _, err := e.orders.ExtendElsewhere(e.ctx, u, o.ID, l.ID, "2026-06-08"); apperr.CodeOf(err) != apperr.LockersNotAvailable {
			t.Fatalf("none free: %v, want LOCKERS_NOT_AVAILABLE", err)
		}
		// When its own compartment is free, it simply extends there.
		u2 := e.user()
		in2 := input()
		in2.Product = big
		in2.Start, in2.End = "2026-06-10", "2026-06-10"
		o2 := e.grantAndBook(u2, in2)
		got2, err := e.orders.ExtendElsewhere(e.ctx, u2, o2.ID, o2.Lockers[0].ID, "2026-06-11")
		if err != nil || got2.Lockers[0].LockerID != o2.Lockers[0].LockerID {
			t.Fatalf("free own compartment: %+v, %v", got2.Lockers, err)
		}
	})
}

// grantAndBook books a free order (a coupon pays), so an extension applies at once.
func (e *env) grantAndBook(u string, in order.CreateInput) order.Order {
	e.t.Helper()
	e.grant(u, "NEXT5", 5)
	return e.booked(u, in)
}
