package order_test

import (
	"context"
	"testing"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/order"
	"lockers/internal/promo"
)

// The operator's rules are the orders domain's: each table below is the
// whole rule, and the functions that change an order refuse exactly what the
// rule refuses, changing nothing.

func TestWhichOrdersAnOperatorMayDelete(t *testing.T) {
	cases := []struct {
		name string
		s    order.Standing
		want order.Refusal
	}{
		{"a hold", order.Standing{Status: order.Reserved}, order.Accepted},
		{"an unpaid order", order.Standing{Status: order.Unpaid}, order.Accepted},
		{"a free booking not started", order.Standing{Status: order.Booked}, order.Accepted},
		{"an unfinished hold", order.Standing{Status: order.Unfinished}, order.Accepted},
		{"a refunded order", order.Standing{Status: order.Refunded}, order.Accepted},
		{"an expired free order", order.Standing{Status: order.Expired}, order.Accepted},
		{"a paid booking", order.Standing{Status: order.Booked, PaidCents: 560}, order.KeepsMoney},
		{"a paid running rental", order.Standing{Status: order.Active, PaidCents: 560}, order.KeepsMoney},
		{"a paid, finalized order", order.Standing{Status: order.Finalized, PaidCents: 560}, order.KeepsMoney},
		{"a free running rental", order.Standing{Status: order.Active}, order.RentalRunning},
		{"a free extended rental", order.Standing{Status: order.Extended}, order.RentalRunning},
		{"a payment at the provider", order.Standing{Status: order.Processing, InFlight: true}, order.PaymentInFlight},
		{"an extension's payment at the provider", order.Standing{Status: order.Booked, InFlight: true}, order.PaymentInFlight},
		{"a deleted order", order.Standing{Status: order.Deleted}, order.AlreadyDeleted},
	}
	for _, c := range cases {
		if got := c.s.DeleteRefusal(); got != c.want {
			t.Errorf("%s: delete refusal %q, want %q", c.name, got, c.want)
		}
		if got := order.ActionsFor(c.s).Delete; got != c.want {
			t.Errorf("%s: ActionsFor says %q, want %q", c.name, got, c.want)
		}
	}
}

func TestWhichOrdersAnOperatorMayRefundOrFree(t *testing.T) {
	refunds := map[order.Standing]order.Refusal{
		{Status: order.Booked, PaidCents: 1}:   order.Accepted,
		{Status: order.Active, PaidCents: 560}: order.Accepted,
		{Status: order.Booked}:                 order.NothingKept,
		{Status: order.Refunded}:               order.NothingKept,
	}
	for s, want := range refunds {
		if got := s.RefundRefusal(); got != want {
			t.Errorf("refund of %+v: %q, want %q", s, got, want)
		}
	}
	holds := map[order.Standing]order.Refusal{
		{Status: order.Reserved}:                   order.Accepted,
		{Status: order.Unpaid}:                     order.Accepted,
		{Status: order.Processing, InFlight: true}: order.PaymentInFlight,
		{Status: order.Booked}:                     order.NotHeld,
		{Status: order.Unfinished}:                 order.NotHeld,
		{Status: order.Active, PaidCents: 5}:       order.NotHeld,
	}
	for s, want := range holds {
		if got := s.FreeHoldRefusal(); got != want {
			t.Errorf("freeing %+v: %q, want %q", s, got, want)
		}
	}
}

func TestWhichBookingsMayMove(t *testing.T) {
	now := time.Date(2026, 6, 5, 9, 0, 0, 0, time.UTC)
	o := order.Order{Status: order.Booked, Lockers: []order.Locker{
		{ID: "ol-1", LockerID: "a01", End: now.Add(time.Hour)},
		{ID: "ol-2", LockerID: "a02", End: now},
	}}
	cases := []struct {
		name          string
		status        order.Status
		booking, from string
		want          order.Refusal
	}{
		{"a booked order's booking on its compartment", order.Booked, "ol-1", "a01", order.Accepted},
		{"a running rental", order.Active, "ol-1", "a01", order.Accepted},
		{"a hold", order.Reserved, "ol-1", "a01", order.Accepted},
		{"a booking that has ended", order.Active, "ol-2", "a02", order.BookingOver},
		{"a booking on another compartment", order.Booked, "ol-1", "a02", order.BookingOver},
		{"a booking the order does not have", order.Booked, "ol-9", "a01", order.BookingOver},
		{"a deleted order", order.Deleted, "ol-1", "a01", order.BookingOver},
		{"a cancelled order", order.Cancelled, "ol-1", "a01", order.BookingOver},
		{"an expired order", order.Expired, "ol-1", "a01", order.BookingOver},
		{"a finalized order", order.Finalized, "ol-1", "a01", order.BookingOver},
	}
	for _, c := range cases {
		o.Status = c.status
		if got := order.MoveRefusal(o, c.booking, c.from, now); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// operatorSteps is order.OperatorSteps over one order in memory.
type operatorSteps struct {
	o        order.Order
	saved    []order.Order
	returned []string
	moved    []string
}

func (f *operatorSteps) Lock(_ context.Context, userID, id string) (order.Order, error) {
	if id != f.o.ID || userID != f.o.UserID {
		return order.Order{}, order.ErrNotFound
	}
	return f.o, nil
}

func (f *operatorSteps) Save(_ context.Context, o order.Order) error {
	f.saved = append(f.saved, o)
	return nil
}

func (f *operatorSteps) ReturnCoupon(_ context.Context, couponID string) error {
	f.returned = append(f.returned, couponID)
	return nil
}

func (f *operatorSteps) MoveBooking(_ context.Context, orderLockerID, from, to string, _ time.Time) (bool, error) {
	f.moved = append(f.moved, orderLockerID+":"+from+"→"+to)
	return true, nil
}

func TestDeleteByOperatorFollowsTheRule(t *testing.T) {
	ctx := context.Background()
	at := time.Date(2026, 6, 5, 9, 0, 0, 0, time.UTC)
	free := order.Order{ID: "o1", UserID: "u1", Status: order.Booked, CouponUsed: true, Coupon: &promo.Coupon{ID: "c1"}}
	f := &operatorSteps{o: free}
	returned, err := order.DeleteByOperator(ctx, f, "u1", "o1", at)
	if err != nil || !returned {
		t.Fatalf("deleting a free booking: returned %v, %v", returned, err)
	}
	if len(f.saved) != 1 || f.saved[0].Status != order.Deleted || f.saved[0].CouponUsed || !f.saved[0].UpdatedAt.Equal(at) {
		t.Fatalf("saved %+v, want the order deleted, its coupon no longer spent, stamped at %v", f.saved, at)
	}
	if len(f.returned) != 1 || f.returned[0] != "c1" {
		t.Fatalf("coupons given back %v, want [c1]", f.returned)
	}

	for _, refused := range []order.Order{
		{ID: "o1", UserID: "u1", Status: order.Booked, PaidCents: 560},
		{ID: "o1", UserID: "u1", Status: order.Active},
		{ID: "o1", UserID: "u1", Status: order.Processing},
		{ID: "o1", UserID: "u1", Status: order.Deleted},
	} {
		f := &operatorSteps{o: refused}
		_, err := order.DeleteByOperator(ctx, f, "u1", "o1", at)
		wantCode(t, err, apperr.CantChange)
		if len(f.saved)+len(f.returned) != 0 {
			t.Fatalf("a refused delete of a %s order wrote %+v and returned %v", refused.Status, f.saved, f.returned)
		}
	}

	_, err = order.DeleteByOperator(ctx, &operatorSteps{o: free}, "someone-else", "o1", at)
	wantCode(t, err, apperr.OrderNotFound)
}

func TestFreeHoldFollowsTheRule(t *testing.T) {
	ctx := context.Background()
	at := time.Date(2026, 6, 5, 9, 0, 0, 0, time.UTC)
	f := &operatorSteps{o: order.Order{ID: "o1", UserID: "u1", Status: order.Unpaid}}
	if _, err := order.FreeHold(ctx, f, "u1", "o1", at); err != nil {
		t.Fatal(err)
	}
	if len(f.saved) != 1 || f.saved[0].Status != order.Unfinished || !f.saved[0].Status.Releases() {
		t.Fatalf("saved %+v, want the hold unfinished (its lockers let go)", f.saved)
	}
	for _, st := range []order.Status{order.Processing, order.Booked, order.Active, order.Unfinished} {
		f := &operatorSteps{o: order.Order{ID: "o1", UserID: "u1", Status: st}}
		_, err := order.FreeHold(ctx, f, "u1", "o1", at)
		wantCode(t, err, apperr.NotReserved)
		if len(f.saved) != 0 {
			t.Fatalf("freeing a %s order wrote %+v", st, f.saved)
		}
	}
}

func TestMoveBookingMovesOnlyWhatTheRuleAccepts(t *testing.T) {
	ctx := context.Background()
	at := time.Date(2026, 6, 5, 9, 0, 0, 0, time.UTC)
	o := order.Order{ID: "o1", UserID: "u1", Status: order.Active,
		Lockers: []order.Locker{{ID: "ol-1", LockerID: "a01", End: at.Add(time.Hour)}}}
	f := &operatorSteps{o: o}
	ok, err := order.MoveBooking(ctx, f, "u1", "o1", "ol-1", "a01", "a02", at)
	if err != nil || !ok || len(f.moved) != 1 || f.moved[0] != "ol-1:a01→a02" {
		t.Fatalf("moving a running booking: %v %v, moved %v", ok, err, f.moved)
	}
	o.Status = order.Cancelled
	f = &operatorSteps{o: o}
	ok, err = order.MoveBooking(ctx, f, "u1", "o1", "ol-1", "a01", "a02", at)
	if err != nil || ok || len(f.moved) != 0 {
		t.Fatalf("moving a cancelled order's booking: %v %v, moved %v", ok, err, f.moved)
	}
}
