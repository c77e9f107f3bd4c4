package order_test

import (
	"reflect"
	"testing"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/order"
	"lockers/internal/station"
	"lockers/internal/vat"
)

func TestCreateReservesConcreteLockersWithCodesAndPrice(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		in := input()
		in.Count = 2
		o := e.create(u, in)
		if o.Status != order.Reserved || o.UserID != u || o.Station.ID != viru {
			t.Fatalf("order %+v", o)
		}
		if want := start.Add(order.HoldFor); !o.ReservedUntil.Equal(want) {
			t.Fatalf("reserved until %v, want %v", o.ReservedUntil, want)
		}
		// Tomorrow 00:01-23:59 Tallinn summer time (UTC+3).
		if o.Start.Format(time.RFC3339) != "2026-06-05T21:01:00Z" || o.End.Format(time.RFC3339) != "2026-06-06T20:59:00Z" {
			t.Fatalf("timeframe %v .. %v", o.Start, o.End)
		}
		if len(o.Lockers) != 2 || o.Lockers[0].LockerID == o.Lockers[1].LockerID {
			t.Fatalf("lockers %+v", o.Lockers)
		}
		for _, l := range o.Lockers {
			if len(l.DeliveryCode) != 6 || len(l.PickingCode) != 6 || l.DeliveryCode == l.PickingCode || l.Status != "booked" {
				t.Fatalf("locker codes %+v", l)
			}
			if l.Label == "" || l.Dimensions.HeightMM != 360 {
				t.Fatalf("locker %+v", l)
			}
		}
		total, vatCents := o.Totals()
		if total != 1000 || vatCents != vat.Of(1000) || len(o.Lines) != 1 || o.Lines[0].Kind != order.LineRental {
			t.Fatalf("price %d (VAT %d), lines %+v; want 2 × 500", total, vatCents, o.Lines)
		}
		if o.Coupon != nil {
			t.Fatalf("a user without coupons got %+v", o.Coupon)
		}
		got, err := e.orders.Get(e.ctx, u, o.ID)
		if err != nil || got.ID != o.ID || len(got.Lockers) != 2 || got.Lockers[0].DeliveryCode != o.Lockers[0].DeliveryCode {
			t.Fatalf("get = %+v, %v", got, err)
		}
	})
}

func TestCreateProposesACouponAndPricesTheOrderFree(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		general := e.grant(u, "FIRST3", 3)
		local := e.grant(u, "TALLINN-CENTRE", 2)
		o := e.create(u, input())
		if o.Coupon == nil || o.Coupon.ID != local || o.CouponUsed {
			t.Fatalf("coupon %+v, want the station's own pack %s proposed", o.Coupon, local)
		}
		if total, _ := o.Totals(); total != 0 || len(o.Lines) != 2 || o.Lines[1].Kind != order.LineCoupon {
			t.Fatalf("total %d, lines %+v", total, o.Lines)
		}
		// Elsewhere the station pack does not apply: the general one does.
		in := input()
		in.StationID = tartu
		o = e.create(u, in)
		if o.Coupon == nil || o.Coupon.ID != general {
			t.Fatalf("coupon at Tartu %+v, want %s", o.Coupon, general)
		}
		if e.remaining(general) != 3 || e.remaining(local) != 2 {
			t.Fatal("creating an order spent a coupon")
		}
	})
}

func TestCreateRejectsBadInput(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		if _, err := e.db.ExecContext(e.ctx, `UPDATE stations SET active = false WHERE id = $1`, tartu); err != nil {
			t.Fatal(err)
		}
		tests := []struct {
			name string
			edit func(*order.CreateInput)
			code apperr.Code
		}{
			{"no station", func(in *order.CreateInput) { in.StationID = "" }, apperr.MissingParams},
			{"no height", func(in *order.CreateInput) { in.Product.Height = "" }, apperr.MissingParams},
			{"no type", func(in *order.CreateInput) { in.Product.Type = "" }, apperr.MissingParams},
			{"no temperature", func(in *order.CreateInput) { in.Product.Temperature = "" }, apperr.MissingParams},
			{"no start", func(in *order.CreateInput) { in.Start = "" }, apperr.MissingParams},
			{"no end", func(in *order.CreateInput) { in.End = "" }, apperr.MissingParams},
			{"bad height", func(in *order.CreateInput) { in.Product.Height = "medium" }, apperr.BadInput},
			{"bad temperature", func(in *order.CreateInput) { in.Product.Temperature = "hot" }, apperr.BadInput},
			{"bad start", func(in *order.CreateInput) { in.Start = "soon" }, apperr.BadInput},
			{"too many lockers", func(in *order.CreateInput) { in.Count = order.MaxLockers + 1 }, apperr.BadInput},
			{"negative count", func(in *order.CreateInput) { in.Count = -1 }, apperr.BadInput},
			{"start after end", func(in *order.CreateInput) { in.Start, in.End = "2026-06-07", "2026-06-06" }, apperr.StartAfterEnd},
			{"start equals end", func(in *order.CreateInput) { in.Start, in.End = "2026-06-07T10:00", "2026-06-07T10:00" }, apperr.StartAfterEnd},
			{"in the past", func(in *order.CreateInput) { in.Start, in.End = "2026-06-01", "2026-06-02" }, apperr.BadInput},
			{"too long", func(in *order.CreateInput) { in.End = "2026-08-01" }, apperr.BadInput},
			{"unknown station", func(in *order.CreateInput) { in.StationID = "99999999-9999-4999-8999-999999999999" }, apperr.StationNotFound},
			{"malformed station", func(in *order.CreateInput) { in.StationID = "viru" }, apperr.StationNotFound},
			{"inactive station", func(in *order.CreateInput) { in.StationID = tartu }, apperr.StationNotAvailable},
			{"product the station lacks", func(in *order.CreateInput) { in.Product.Type = "parcel" }, apperr.LockersNotAvailable},
		}
		for _, tt := range tests {
			in := input()
			tt.edit(&in)
			_, err := e.orders.Create(e.ctx, u, in)
			if apperr.CodeOf(err) != tt.code {
				t.Errorf("%s: error %v, want %s", tt.name, err, tt.code)
			}
		}
		var n int
		if err := e.db.QueryRowContext(e.ctx, `SELECT count(*) FROM orders`).Scan(&n); err != nil || n != 0 {
			t.Fatalf("%d orders left behind by refused creates (%v)", n, err)
		}
	})
}

func TestCreateMovesAStartInThePastToNow(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		in := input()
		in.Start, in.End = "2026-06-05", "2026-06-05" // today 00:01-23:59; it is 12:00 local
		o := e.create(e.user(), in)
		if !o.Start.Equal(start) {
			t.Fatalf("start %v, want now %v", o.Start, start)
		}
		if total, _ := o.Totals(); total != 500 { // 11h59m: 12 started hours, capped at a day
			t.Fatalf("total %d", total)
		}
	})
}

func TestCreateFailsWhenTooFewLockersAreFree(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		in := input()
		in.Count = 3 // every small neutral locker at Viru Keskus
		e.create(u, in)
		in.Count = 1
		_, err := e.orders.Create(e.ctx, e.user(), in)
		wantCode(t, err, apperr.LockersNotAvailable)
		// A timeframe that does not overlap is free again.
		in.Start, in.End = "2026-06-07", "2026-06-07"
		e.create(e.user(), in)
		// Out-of-service lockers are never booked.
		if _, err := e.db.ExecContext(e.ctx, `UPDATE lockers SET state = 'out_of_service'
			WHERE station_id = $1 AND height = 'big' AND temperature = 'cool'`, viru); err != nil {
			t.Fatal(err)
		}
		in.Product = station.Product{Height: "big", Type: "standard", Temperature: "cool"}
		_, err = e.orders.Create(e.ctx, u, in)
		wantCode(t, err, apperr.LockersNotAvailable)
		if e.overlaps() != 0 {
			t.Fatal("double booking")
		}
	})
}

func TestIdempotencyKeyReturnsTheSameOrder(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		in := input()
		in.IdempotencyKey = "retry-1"
		first := e.create(u, in)
		in.Count = 2 // a retry is answered with the first order, whatever it says
		again := e.create(u, in)
		if again.ID != first.ID || len(again.Lockers) != 1 {
			t.Fatalf("retry made %s (%d lockers), want %s", again.ID, len(again.Lockers), first.ID)
		}
		// The key is per user.
		other := e.create(e.user(), in)
		if other.ID == first.ID {
			t.Fatal("another user's key returned the first user's order")
		}
		var n int
		if err := e.db.QueryRowContext(e.ctx, `SELECT count(*) FROM orders WHERE user_id = $1`, u).Scan(&n); err != nil || n != 1 {
			t.Fatalf("%d orders for the key (%v)", n, err)
		}
	})
}

func TestOtherUsersOrdersAreNotFound(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		owner, other := e.user(), e.user()
		o := e.booked(owner, input())
		_, err := e.orders.Get(e.ctx, other, o.ID)
		wantCode(t, err, apperr.OrderNotFound)
		_, err = e.orders.Confirm(e.ctx, other, o.ID, true)
		wantCode(t, err, apperr.OrderNotFound)
		_, err = e.orders.Cancel(e.ctx, other, o.ID, "mine now")
		wantCode(t, err, apperr.OrderNotFound)
		_, err = e.orders.Extend(e.ctx, other, o.ID, o.Lockers[0].ID, "2026-06-07")
		wantCode(t, err, apperr.OrderNotFound)
		_, err = e.orders.Get(e.ctx, owner, "not-a-uuid")
		wantCode(t, err, apperr.OrderNotFound)
		list, err := e.orders.List(e.ctx, other, order.ScopeActive)
		if err != nil || len(list) != 0 {
			t.Fatalf("other user's list %v, %v", list, err)
		}
		if got, err := e.orders.Get(e.ctx, owner, o.ID); err != nil || got.Status != order.Unpaid {
			t.Fatalf("owner's order %+v, %v", got.Status, err)
		}
	})
}

func TestListSplitsActiveAndHistory(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		later := input()
		later.Start, later.End = "2026-06-08", "2026-06-08"
		a := e.create(u, later)
		b := e.create(u, input())
		c := e.create(u, input())
		if _, err := e.orders.Cancel(e.ctx, u, c.ID, "wrong input"); err != nil {
			t.Fatal(err)
		}
		active, err := e.orders.List(e.ctx, u, order.ScopeActive)
		if err != nil || len(active) != 2 || active[0].ID != b.ID || active[1].ID != a.ID {
			t.Fatalf("active %v, %v; want soonest first [%s %s]", ids(active), err, b.ID, a.ID)
		}
		history, err := e.orders.List(e.ctx, u, order.ScopeHistory)
		if err != nil || len(history) != 1 || history[0].ID != c.ID || history[0].CancelNote != "wrong input" {
			t.Fatalf("history %v, %v", ids(history), err)
		}
		_, err = e.orders.List(e.ctx, u, "all")
		wantCode(t, err, apperr.BadInput)
		_, err = e.orders.List(e.ctx, u, "")
		wantCode(t, err, apperr.MissingParams)
	})
}

func ids(os []order.Order) []string {
	out := make([]string, len(os))
	for i, o := range os {
		out[i] = o.ID
	}
	return out
}

// Create returns the order as Book built it, without reading it back: it must
// be what a later Get reads (the station's LastSeenAt aside, which orders do not load).
func TestCreateReturnsWhatGetReads(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		e.grant(u, "TALLINN-CENTRE", 2)
		in := input()
		in.Count = 3
		o := e.create(u, in)
		got, err := e.orders.Get(e.ctx, u, o.ID)
		if err != nil {
			t.Fatal(err)
		}
		o.Station.LastSeenAt = got.Station.LastSeenAt
		if !reflect.DeepEqual(o, got) {
			t.Fatalf("create returned\n%+v\nget reads\n%+v", o, got)
		}
	})
}
