package hardware_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"lockers/internal/hardware"
	"lockers/internal/hardware/hardwaresql"
)

// A door that reports open with no command of lockerd's in flight is an
// alarm naming the compartment and its rental, heard by OnAlarm (which tells
// the renter); a door opened for lockerd's command, or by the station's own
// offline PIN, is not.
func TestADoorOpeningWithoutAnOrderIsAnAlarm(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		r := e.now(2)
		var mu sync.Mutex
		var heard []hardware.Raised
		t0 := time.Now().UTC().Truncate(time.Second)
		hw := hardware.NewService(hardware.Deps{Store: hardwaresql.New(e.db), Controller: e.sim, Now: func() time.Time { return t0 },
			OnAlarm: func(_ context.Context, r hardware.Raised) { mu.Lock(); heard = append(heard, r); mu.Unlock() }})

		// The station's own offline-PIN opening, and a close: no alarm.
		e.send(hw, hardware.Event{Kind: hardware.EventDoor, Compartment: r.label, Door: hardware.DoorOpen, At: t0,
			Detail: hardware.DetailOfflinePIN})
		e.send(hw, hardware.Event{Kind: hardware.EventDoor, Compartment: r.label, Door: hardware.DoorClosed, At: t0.Add(time.Second)})
		if n := e.issues(hardware.IssueUnexpectedOpen, false); n != 0 {
			t.Fatalf("%d unexpected-opening alarms for an offline PIN", n)
		}
		// Opened from the app: lockerd's own command.
		if _, err := e.open(r); err != nil {
			t.Fatal(err)
		}
		if n := e.issues(hardware.IssueUnexpectedOpen, false); n != 0 {
			t.Fatalf("%d unexpected-opening alarms for lockerd's own command", n)
		}

		// No command at all: the alarm, naming the rental.
		e.send(hw, hardware.Event{Kind: hardware.EventDoor, Compartment: r.label, Door: hardware.DoorOpen, At: t0.Add(10 * time.Second)})
		if n := e.count(`SELECT count(*) FROM locker_issues WHERE kind = 'unexpected_door_opening' AND order_locker_id = $1
			AND station_id = $2 AND resolved_at IS NULL`, r.orderLocker, viru); n != 1 {
			t.Fatalf("%d open unexpected-opening alarms naming the rental, want 1", n)
		}
		mu.Lock()
		got := append([]hardware.Raised(nil), heard...)
		mu.Unlock()
		if len(got) != 1 || got[0].Issue != hardware.IssueUnexpectedOpen || got[0].OrderLockerID != r.orderLocker || got[0].Label != r.label ||
			!got[0].At.Equal(t0.Add(10*time.Second)) {
			t.Fatalf("OnAlarm heard %+v, want one unexpected opening of the rental", got)
		}

		// A command id lockerd never sent (a forged or another door's) is no order either.
		other := e.now(3)
		e.send(hw, hardware.Event{Kind: hardware.EventDoor, Compartment: other.label, Door: hardware.DoorOpen,
			CommandID: "0190a000-0000-7000-8000-000000000000", At: t0.Add(20 * time.Second)})
		if n := e.count(`SELECT count(*) FROM locker_issues WHERE kind = 'unexpected_door_opening' AND order_locker_id = $1`, other.orderLocker); n != 1 {
			t.Fatalf("%d alarms for a door opened by an unknown command, want 1", n)
		}
	})
}
