package hardware_test

import (
	"testing"
	"time"

	"lockers/internal/hardware"
)

func TestKioskDeliveryThenPickingCodeMoveTheOrderLocker(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		r := e.now(1)
		res, err := e.hw.Enter(e.ctx, viru, r.delivery, "client")
		if err != nil || res.Opened == nil || res.Opened.Label != "A01" {
			t.Fatalf("delivery code: %+v, %v", res, err)
		}
		e.eventually("delivered after the door closes", func() bool { return e.status(r.orderLocker) == "delivered" })
		res, err = e.hw.Enter(e.ctx, viru, r.picking, "client")
		if err != nil || res.Opened == nil {
			t.Fatalf("picking code: %+v, %v", res, err)
		}
		e.eventually("picked after the door closes", func() bool { return e.status(r.orderLocker) == "picked" })
		// The codes show their usage to their owner.
		_, codes, err := e.hw.Codes(e.ctx, r.user, r.order, r.orderLocker)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range codes {
			want := hardware.Delivered
			if c.Kind == hardware.Picking {
				want = hardware.Picked
			}
			if got := hardware.UsageOf(c, "picked"); got != want {
				t.Errorf("%s code usage %s, want %s", c.Kind, got, want)
			}
		}
	})
}

func TestKioskRefusesCodesOutsideThePaidTimeframe(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		future := e.book("booked", 2, time.Now().Add(time.Hour), time.Now().Add(3*time.Hour))
		unpaid := e.book("unpaid", 3, time.Now().Add(-time.Hour), time.Now().Add(time.Hour))
		for _, code := range []string{future.delivery, unpaid.delivery, "12345", "abcdef"} {
			res, err := e.hw.Enter(e.ctx, viru, code, "client")
			if err != nil || res.Opened != nil {
				t.Errorf("code outside its timeframe: %+v, %v; want a wrong code", res, err)
			}
		}
		if n := e.count(`SELECT count(*) FROM door_commands`); n != 0 {
			t.Errorf("%d commands sent", n)
		}
	})
}

func TestKioskLocksAClientOutAfterFiveWrongCodes(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		r := e.now(1)
		wrong := "000000"
		if wrong == r.delivery || wrong == r.picking {
			wrong = "999999"
		}
		for i := 1; i <= hardware.ClientFailures; i++ {
			res, err := e.hw.Enter(e.ctx, viru, wrong, "walker")
			if err != nil || res.Opened != nil {
				t.Fatalf("wrong code %d: %+v, %v", i, res, err)
			}
			if i < hardware.ClientFailures && (res.LockedFor != 0 || res.AttemptsLeft != hardware.ClientFailures-i) {
				t.Fatalf("after %d wrong codes: %+v", i, res)
			}
			// The attempt that locks says so and leaves no attempts (issue 43).
			if i == hardware.ClientFailures && (res.LockedFor != hardware.LockoutFor || res.AttemptsLeft != 0) {
				t.Fatalf("after %d wrong codes: locked for %v with %d attempts left, want %v and 0",
					i, res.LockedFor, res.AttemptsLeft, hardware.LockoutFor)
			}
		}
		// Locked out: even the right code is not checked.
		res, err := e.hw.Enter(e.ctx, viru, r.delivery, "walker")
		if err != nil || res.Opened != nil || res.LockedFor <= 0 {
			t.Fatalf("right code while locked out: %+v, %v", res, err)
		}
		// Another client at the station is not locked.
		res, err = e.hw.Enter(e.ctx, viru, r.delivery, "courier")
		if err != nil || res.Opened == nil {
			t.Fatalf("another client: %+v, %v", res, err)
		}
	})
}

func TestARegeneratedCodeStopsWorkingAtOnce(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		r := e.now(1)
		_, codes, err := e.hw.Codes(e.ctx, r.user, r.order, r.orderLocker)
		if err != nil || len(codes) != 2 {
			t.Fatalf("codes %+v, %v; want the two of the booking", codes, err)
		}
		var old hardware.Code
		for _, c := range codes {
			if c.Kind == hardware.Delivery {
				old = c
			}
		}
		if old.Code != r.delivery {
			t.Fatalf("delivery code %q, want the booking's %q", old.Code, r.delivery)
		}
		fresh, err := e.hw.Regenerate(e.ctx, r.user, r.order, r.orderLocker, old.ID)
		if err != nil {
			t.Fatal(err)
		}
		if fresh.Code == old.Code || fresh.Kind != hardware.Delivery {
			t.Fatalf("regenerated %+v", fresh)
		}
		if res, _ := e.hw.Enter(e.ctx, viru, old.Code, "c"); res.Opened != nil {
			t.Fatal("the old code still opens the door")
		}
		if res, err := e.hw.Enter(e.ctx, viru, fresh.Code, "c"); err != nil || res.Opened == nil {
			t.Fatalf("the new code: %+v, %v", res, err)
		}
		// order.get shows the new code (the mirror column).
		if n := e.count(`SELECT count(*) FROM order_lockers WHERE id = $1 AND delivery_code = $2`, r.orderLocker, fresh.Code); n != 1 {
			t.Error("order_lockers.delivery_code does not show the new code")
		}
	})
}

func TestCodesAddAndRemove(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		r := e.now(1)
		other := e.now(2)
		added, err := e.hw.Add(e.ctx, r.user, r.order, r.orderLocker, hardware.Picking)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.hw.Add(e.ctx, other.user, r.order, r.orderLocker, hardware.Picking); err == nil {
			t.Fatal("another user added a code")
		}
		if res, err := e.hw.Enter(e.ctx, viru, added.Code, "c"); err != nil || res.Opened == nil {
			t.Fatalf("the added code: %+v, %v", res, err)
		}
		if err := e.hw.Remove(e.ctx, r.user, r.order, r.orderLocker, added.ID); err != nil {
			t.Fatal(err)
		}
		if res, _ := e.hw.Enter(e.ctx, viru, added.Code, "c"); res.Opened != nil {
			t.Fatal("a removed code opens the door")
		}
		_, codes, _ := e.hw.Codes(e.ctx, r.user, r.order, r.orderLocker)
		for _, c := range codes {
			if err := e.hw.Remove(e.ctx, r.user, r.order, r.orderLocker, c.ID); err == nil {
				t.Errorf("the last %s code was removed", c.Kind)
			}
		}
	})
}

func TestACodeSharedByTwoRunningRentalsOpensNeither(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		a, b := e.now(1), e.now(2)
		if _, err := e.db.ExecContext(e.ctx, `UPDATE locker_codes SET code = $2 WHERE order_locker_id = $1 AND kind = 'delivery'`,
			b.orderLocker, a.delivery); err != nil {
			t.Fatal(err)
		}
		res, err := e.hw.Enter(e.ctx, viru, a.delivery, "c")
		if err != nil || res.Opened != nil {
			t.Fatalf("a shared code: %+v, %v; want no door", res, err)
		}
		// After the owner makes a new code, each code is unique again.
		_, codes, _ := e.hw.Codes(e.ctx, b.user, b.order, b.orderLocker)
		for _, c := range codes {
			if c.Kind == hardware.Delivery {
				if _, err := e.hw.Regenerate(e.ctx, b.user, b.order, b.orderLocker, c.ID); err != nil {
					t.Fatal(err)
				}
			}
		}
		if res, err := e.hw.Enter(e.ctx, viru, a.delivery, "c"); err != nil || res.Opened == nil || res.Opened.Label != "A01" {
			t.Fatalf("the code after the other was renewed: %+v, %v", res, err)
		}
	})
}
