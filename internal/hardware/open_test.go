package hardware_test

import (
	"testing"
	"time"

	"lockers/internal/apperr"
)

func TestOpenFromTheAppAnswersOnceTheSensorSaysOpen(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		r := e.now(1)
		got, err := e.open(r)
		if err != nil {
			t.Fatal(err)
		}
		if got.Label != "A01" {
			t.Errorf("label %q, want A01", got.Label)
		}
		if n := e.count(`SELECT count(*) FROM order_lockers WHERE id = $1 AND opened_at IS NOT NULL`, r.orderLocker); n != 1 {
			t.Error("the order locker is not marked opened")
		}
		// The app's open is the owner's: no delivery or picking follows from it.
		e.eventually("the door to close", func() bool {
			return e.count(`SELECT count(*) FROM lockers WHERE label = 'A01' AND door_state = 'closed'`) == 1
		})
		if s := e.status(r.orderLocker); s != "booked" {
			t.Errorf("status %q after an app open, want booked", s)
		}
	})
}

func TestOpenRefusals(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		paid := e.now(1)
		future := e.book("booked", 2, time.Now().Add(time.Hour), time.Now().Add(3*time.Hour))
		unpaid := e.book("unpaid", 3, time.Now().Add(-time.Hour), time.Now().Add(time.Hour))
		cancelled := e.book("cancelled", 4, time.Now().Add(-time.Hour), time.Now().Add(time.Hour))
		stranger := e.user()
		tests := []struct {
			name                     string
			user, order, orderLocker string
			want                     apperr.Code
		}{
			{"another user's locker", stranger, paid.order, paid.orderLocker, apperr.LockerNotFound},
			{"a locker of another order", paid.user, future.order, paid.orderLocker, apperr.LockerNotFound},
			{"an unknown locker", paid.user, paid.order, "00000000-0000-4000-8000-000000000000", apperr.LockerNotFound},
			{"a malformed id", paid.user, paid.order, "x", apperr.LockerNotFound},
			{"before the timeframe", future.user, future.order, future.orderLocker, apperr.NotReserved},
			{"an unpaid order", unpaid.user, unpaid.order, unpaid.orderLocker, apperr.OrderIsNotConfirmed},
			{"a cancelled order", cancelled.user, cancelled.order, cancelled.orderLocker, apperr.NotReserved},
		}
		for _, tt := range tests {
			_, err := e.openAs(tt.user, tt.order, tt.orderLocker)
			if got := apperr.CodeOf(err); got != tt.want {
				t.Errorf("%s: %v, want %s", tt.name, err, tt.want)
			}
		}
		if n := e.count(`SELECT count(*) FROM door_commands`); n != 0 {
			t.Errorf("%d commands sent for refused opens", n)
		}
	})
}

func TestADoorThatNeverOpensIsRetriedOnceThenTakenOutOfService(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		r := e.now(1)
		e.sim.Jam(viru, "A01", true)
		_, err := e.open(r)
		if got := apperr.CodeOf(err); got != apperr.CantOpen {
			t.Fatalf("open a jammed door: %v, want CANT_OPEN", err)
		}
		if n := e.count(`SELECT count(*) FROM door_commands WHERE locker_id = (SELECT locker_id FROM order_lockers WHERE id = $1)`, r.orderLocker); n != 2 {
			t.Errorf("%d commands, want 2 (one retry)", n)
		}
		if n := e.count(`SELECT count(*) FROM door_commands WHERE reason = 'retry'`); n != 1 {
			t.Errorf("%d retries, want 1", n)
		}
		if n := e.count(`SELECT count(*) FROM lockers WHERE label = 'A01' AND state = 'out_of_service'`); n != 1 {
			t.Error("the locker is not out of service")
		}
		if n := e.count(`SELECT count(*) FROM locker_issues WHERE order_locker_id = $1 AND kind = 'door_did_not_open'`, r.orderLocker); n != 1 {
			t.Error("no issue recorded for operators")
		}
	})
}

func TestAnOfflineStationCannotOpenFromTheApp(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		r := e.now(1)
		e.sim.SetOnline(viru, false)
		_, err := e.open(r)
		if got := apperr.CodeOf(err); got != apperr.CantOpen {
			t.Fatalf("open at an offline station: %v, want CANT_OPEN", err)
		}
		if n := e.count(`SELECT count(*) FROM lockers WHERE label = 'A01' AND state = 'out_of_service'`); n != 0 {
			t.Error("an offline station's locker was taken out of service")
		}
	})
}

func TestARentalMovesOffABrokenCompartmentInOneTap(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		r := e.now(1)
		if _, err := e.hw.Replace(e.ctx, r.user, r.order, r.orderLocker); apperr.CodeOf(err) != apperr.Cant {
			t.Fatalf("replace a working compartment: %v, want CANT", err)
		}
		e.sim.Jam(viru, "A01", true)
		if _, err := e.open(r); apperr.CodeOf(err) != apperr.CantOpen {
			t.Fatalf("open a jammed door: %v", err)
		}
		if _, err := e.hw.Replace(e.ctx, e.user(), r.order, r.orderLocker); apperr.CodeOf(err) != apperr.LockerNotFound {
			t.Fatalf("another user's replace: %v", err)
		}
		moved, err := e.hw.Replace(e.ctx, r.user, r.order, r.orderLocker)
		if err != nil {
			t.Fatal(err)
		}
		if moved.Label == "A01" || moved.LockerID == lockerA01 {
			t.Fatalf("still on the broken compartment: %+v", moved)
		}
		got, err := e.open(r)
		if err != nil || got.Label != moved.Label {
			t.Fatalf("open the new compartment: %+v, %v", got, err)
		}
		// The codes moved with the rental.
		if res, err := e.hw.Enter(e.ctx, viru, r.delivery, "c"); err != nil || res.Opened == nil || res.Opened.Label != moved.Label {
			t.Fatalf("delivery code after the move: %+v, %v", res, err)
		}
	})
}
