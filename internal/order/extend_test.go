package order_test

import (
	"context"
	"testing"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/order"
	"lockers/internal/station"
	"lockers/internal/vat"
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

func TestExtendOfAPaidOrderWaitsForItsCharge(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		o := e.paid(u, e.oneLocker(u, input())) // no coupon: paid
		l := o.Lockers[0]
		o, err := e.orders.Extend(e.ctx, u, o.ID, l.ID, "2026-06-07") // to 23:59 the next day
		if err != nil {
			t.Fatal(err)
		}
		// The order keeps its end; the extension waits, holding the locker's time.
		x := o.Extension
		if o.Status != order.Booked || !o.End.Equal(l.End) || !o.Lockers[0].End.Equal(l.End) || x == nil {
			t.Fatalf("status %s, end %v, locker end %v, extension %+v", o.Status, o.End, o.Lockers[0].End, x)
		}
		if o.PaymentState != order.PaymentPaid { // never blank (issue 42): the order's money is still paid
			t.Fatalf("payment state %q while an extension waits, want paid", o.PaymentState)
		}
		// big cool: 1120 a day. 23h58m cost one day; 47h58m cost two.
		if x.AmountCents != 1120 || x.VATCents != vat.Of(1120) || x.NewEnd.Format(time.RFC3339) != "2026-06-07T20:59:00Z" ||
			!x.HoldUntil.Equal(start.Add(order.HoldFor)) {
			t.Fatalf("extension %+v", x)
		}
		other := input()
		other.Product = o.Product
		other.Start, other.End = "2026-06-07T10:00", "2026-06-07T12:00"
		if _, err := e.orders.Create(e.ctx, e.user(), other); apperr.CodeOf(err) != apperr.LockersNotAvailable {
			t.Fatalf("the held time was bookable by someone else: %v", err)
		}
		d, ok := o.DueAt(e.clock.Now())
		if !ok || d.Kind != order.DueExtension || d.AmountCents != 1120 || len(d.Lines) != 1 || d.Lines[0].Kind != order.LineExtension {
			t.Fatalf("due %+v, %v", d, ok)
		}
		o = e.paid(u, o)
		if o.Status != order.Extended || o.End.Format(time.RFC3339) != "2026-06-07T20:59:00Z" || !o.Lockers[0].End.Equal(o.End) || o.Extension != nil {
			t.Fatalf("paid: status %s, end %v, locker end %v, extension %+v", o.Status, o.End, o.Lockers[0].End, o.Extension)
		}
		total, vatCents := o.Totals()
		if len(o.Lines) != 2 || o.Lines[1].Kind != order.LineExtension || o.Lines[1].AmountCents != 1120 || total != 2240 || o.PaidCents != 2240 {
			t.Fatalf("lines %+v, total %d, paid %d", o.Lines, total, o.PaidCents)
		}
		if vatCents != vat.Of(1120)*2 {
			t.Fatalf("VAT %d", vatCents)
		}
		// Each line keeps the period it pays for (issue 28): the rental its
		// timeframe, the extension its own, from the old end to the new.
		if r, x := o.Lines[0], o.Lines[1]; !r.From.Equal(l.Start) || !r.To.Equal(l.End) || !x.From.Equal(l.End) ||
			!x.To.Equal(o.End) || x.Days != 1 || x.Hours != 24 || !x.Capped {
			t.Fatalf("periods: rental %v–%v, extension %v–%v (%d d %d h, capped %v); locker %v–%v, new end %v",
				r.From, r.To, x.From, x.To, x.Days, x.Hours, x.Capped, l.Start, l.End, o.End)
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

func TestAPendingExtensionIsReplacedDeclinedOrLapses(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		o := e.paid(u, e.oneLocker(u, input()))
		l := o.Lockers[0]
		lockerEnd := func() time.Time {
			t.Helper()
			var end time.Time
			if err := e.db.QueryRowContext(e.ctx, `SELECT ends_at FROM order_lockers WHERE id = $1`, l.ID).Scan(&end); err != nil {
				t.Fatal(err)
			}
			return end.UTC()
		}
		if _, err := e.orders.Extend(e.ctx, u, o.ID, l.ID, "2026-06-08"); err != nil {
			t.Fatal(err)
		}
		// Another end replaces the pending one, and the held time follows it.
		o, err := e.orders.Extend(e.ctx, u, o.ID, l.ID, "2026-06-07")
		if err != nil || o.Extension == nil || o.Extension.NewEnd.Format(time.DateOnly) != "2026-06-07" || o.Extension.AmountCents != 1120 {
			t.Fatalf("replace: %+v, %v", o.Extension, err)
		}
		if !lockerEnd().Equal(o.Extension.NewEnd) {
			t.Fatalf("locker row ends %v, want the held %v", lockerEnd(), o.Extension.NewEnd)
		}
		// A declined charge gives the time back and keeps the old end.
		o, err = e.store.Change(e.ctx, u, o.ID, func(ctx context.Context, tx order.Tx, o *order.Order) error {
			d, _ := o.DueAt(e.clock.Now())
			return o.Declined(ctx, tx, d, e.clock.Now())
		})
		if err != nil || o.Extension != nil || o.PaymentState != order.PaymentFailed || o.Status != order.Booked || !lockerEnd().Equal(l.End) {
			t.Fatalf("declined: %+v, %s, %s, locker end %v, %v", o.Extension, o.PaymentState, o.Status, lockerEnd(), err)
		}
		// An extension nobody pays for lapses with its hold; a payment link
		// opened for it and left leaves the order paid, never blank (issue 42).
		if _, err := e.orders.Extend(e.ctx, u, o.ID, l.ID, "2026-06-07"); err != nil {
			t.Fatal(err)
		}
		if o, err = e.store.Change(e.ctx, u, o.ID, func(_ context.Context, _ order.Tx, o *order.Order) error {
			d, _ := o.DueAt(e.clock.Now())
			o.PaymentStarted(d, false, e.clock.Now())
			return nil
		}); err != nil || o.PaymentState != order.PaymentPending {
			t.Fatalf("link opened: %s, %v", o.PaymentState, err)
		}
		e.clock.Add(order.HoldFor)
		n, err := e.orders.Sweep(e.ctx)
		if err != nil || n.Dropped != 1 {
			t.Fatalf("sweep: %+v, %v", n, err)
		}
		o, _ = e.orders.Get(e.ctx, u, o.ID)
		if o.Extension != nil || !lockerEnd().Equal(l.End) || o.Status != order.Booked || o.PaymentState != order.PaymentPaid {
			t.Fatalf("lapsed: %+v, locker end %v, %s, payment %q", o.Extension, lockerEnd(), o.Status, o.PaymentState)
		}
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
