package order_test

import (
	"testing"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/order"
	"lockers/internal/station"
)

// oneLocker books the only big cool locker left free at Viru Keskus for the
// input's day, so that extension conflicts are predictable.
func (e *env) oneLocker(u string, in order.CreateInput) order.Order {
	e.t.Helper()
	if _, err := e.db.ExecContext(e.ctx, `UPDATE lockers SET state = 'out_of_service'
		WHERE station_id = $1 AND height = 'big' AND temperature = 'cool' AND label <> 'A10'`, viru); err != nil {
		e.t.Fatal(err)
	}
	in.Product = station.Product{Height: "big", Type: "standard", Temperature: "cool"}
	return e.booked(u, in)
}

func TestExtendChargesThePriceDifference(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		o := e.oneLocker(u, input()) // unpaid: no coupon
		if _, err := e.db.ExecContext(e.ctx, `UPDATE orders SET status = 'booked' WHERE id = $1`, o.ID); err != nil {
			t.Fatal(err)
		}
		l := o.Lockers[0]
		o, err := e.orders.Extend(e.ctx, u, o.ID, l.ID, "2026-06-07") // to 23:59 the next day
		if err != nil {
			t.Fatal(err)
		}
		if o.Status != order.Extended || o.End.Format(time.RFC3339) != "2026-06-07T20:59:00Z" || !o.Lockers[0].End.Equal(o.End) {
			t.Fatalf("status %s, end %v, locker end %v", o.Status, o.End, o.Lockers[0].End)
		}
		// big cool: 1120 a day. 23h58m cost one day; 47h58m cost two.
		total, vat := o.Totals()
		if len(o.Lines) != 2 || o.Lines[1].Kind != order.LineExtension || o.Lines[1].AmountCents != 1120 || total != 2240 {
			t.Fatalf("lines %+v, total %d", o.Lines, total)
		}
		if vat != station.VATOf(1120)*2 {
			t.Fatalf("VAT %d", vat)
		}
		_, err = e.orders.Extend(e.ctx, u, o.ID, l.ID, "2026-06-07T12:00")
		wantCode(t, err, apperr.BadInput) // not after the current end
		_, err = e.orders.Extend(e.ctx, u, o.ID, "99999999-9999-4999-8999-999999999999", "2026-06-08")
		wantCode(t, err, apperr.LockerNotFound)
		_, err = e.orders.Extend(e.ctx, u, o.ID, l.ID, "")
		wantCode(t, err, apperr.MissingParams)
		_, err = e.orders.Extend(e.ctx, u, o.ID, l.ID, "2026-07-20")
		wantCode(t, err, apperr.BadInput) // longer than a booking may last
	})
}

func TestExtendIsFreeWhenACouponPaid(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		c := e.grant(u, "FIRST3", 3)
		o := e.oneLocker(u, input())
		o, err := e.orders.Extend(e.ctx, u, o.ID, o.Lockers[0].ID, "2026-06-07T10:00")
		if err != nil {
			t.Fatal(err)
		}
		if total, _ := o.Totals(); total != 0 || len(o.Lines) != 4 {
			t.Fatalf("total %d, lines %+v", total, o.Lines)
		}
		if e.remaining(c) != 2 {
			t.Fatalf("extension spent a free order: remaining %d", e.remaining(c))
		}
	})
}

func TestExtendFailsWhenTheLockerIsBookedLater(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		e.grant(u, "FIRST3", 3)
		o := e.oneLocker(u, input())
		next := input()
		next.Start, next.End = "2026-06-07T10:00", "2026-06-07T12:00"
		next.Product = station.Product{Height: "big", Type: "standard", Temperature: "cool"}
		e.create(e.user(), next) // the same, only free, locker the next morning
		_, err := e.orders.Extend(e.ctx, u, o.ID, o.Lockers[0].ID, "2026-06-07T11:00")
		wantCode(t, err, apperr.OrderCantBeExtended)
		got, _ := e.orders.Get(e.ctx, u, o.ID)
		if !got.End.Equal(o.End) || len(got.Lines) != len(o.Lines) || got.Status != o.Status {
			t.Fatalf("a refused extension changed the order: %+v", got)
		}
		// Up to the next booking's start is fine.
		if _, err := e.orders.Extend(e.ctx, u, o.ID, o.Lockers[0].ID, "2026-06-07T10:00"); err != nil {
			t.Fatal(err)
		}
		if e.overlaps() != 0 {
			t.Fatal("double booking")
		}
	})
}

func TestExtendNeedsAConfirmedRunningOrder(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		o := e.create(u, input())
		_, err := e.orders.Extend(e.ctx, u, o.ID, o.Lockers[0].ID, "2026-06-07")
		wantCode(t, err, apperr.OrderIsNotConfirmed)
		o, _ = e.orders.Confirm(e.ctx, u, o.ID, true) // unpaid
		_, err = e.orders.Extend(e.ctx, u, o.ID, o.Lockers[0].ID, "2026-06-07")
		wantCode(t, err, apperr.OrderIsNotConfirmed)
		if _, err := e.orders.Cancel(e.ctx, u, o.ID, "wrong input"); err != nil {
			t.Fatal(err)
		}
		_, err = e.orders.Extend(e.ctx, u, o.ID, o.Lockers[0].ID, "2026-06-07")
		wantCode(t, err, apperr.OrderCancelled)

		e.grant(u, "FIRST3", 3)
		b := e.booked(u, input())
		e.clock.Set(b.End.Add(time.Minute))
		_, err = e.orders.Extend(e.ctx, u, b.ID, b.Lockers[0].ID, "2026-06-08")
		wantCode(t, err, apperr.OrderExpired)
	})
}
