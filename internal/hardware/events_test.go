package hardware_test

import (
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/hardware"
)

func TestRepeatedAndLateStationEventsAreHarmless(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		t0 := time.Now().UTC().Truncate(time.Millisecond)
		ev := func(kind hardware.EventKind, at time.Time) hardware.Event {
			return hardware.Event{ID: uuid.NewString(), StationID: viru, Kind: kind, At: at}
		}
		handle := func(ev hardware.Event) {
			t.Helper()
			if err := e.hw.Handle(e.ctx, ev); err != nil {
				t.Fatal(err)
			}
		}
		link := func() (string, time.Time) {
			t.Helper()
			var state string
			var seen time.Time
			if err := e.db.QueryRowContext(e.ctx, `SELECT link_state, last_seen_at FROM stations WHERE id = $1`, viru).Scan(&state, &seen); err != nil {
				t.Fatal(err)
			}
			return state, seen
		}
		beat := ev(hardware.EventHeartbeat, t0)
		handle(beat)
		handle(beat)
		if state, seen := link(); state != "online" || !seen.Equal(t0) {
			t.Fatalf("after a heartbeat: %s, last seen %v; want online at %v", state, seen, t0)
		}
		off := ev(hardware.EventStatus, t0.Add(time.Second))
		handle(off)
		// A heartbeat made before the station went offline arrives late.
		handle(ev(hardware.EventHeartbeat, t0.Add(500*time.Millisecond)))
		if state, seen := link(); state != "offline" || !seen.Equal(t0) {
			t.Fatalf("after a late heartbeat: %s, last seen %v; want offline, last seen %v", state, seen, t0)
		}
		// The repeat of an old "online" changes nothing either.
		on := ev(hardware.EventStatus, t0.Add(2*time.Second))
		on.Online = true
		handle(on)
		handle(off)
		if state, _ := link(); state != "online" {
			t.Fatalf("a repeated offline event undid a newer online one: %s", state)
		}

		// Door events: a repeated close does not close a later cycle; an open
		// arriving after its close completes the cycle.
		r := e.now(1)
		_, codes, _ := e.hw.Codes(e.ctx, r.user, r.order, r.orderLocker)
		var delivery hardware.Code
		for _, c := range codes {
			if c.Kind == hardware.Delivery {
				delivery = c
			}
		}
		cmd := hardware.Command{OpenCommand: hardware.OpenCommand{ID: uuid.Must(uuid.NewV7()).String(), StationID: viru,
			Compartment: "A01", Reason: hardware.ReasonKiosk, IssuedAt: t0},
			LockerID: lockerA01, OrderLockerID: r.orderLocker, CodeID: delivery.ID, CodeKind: hardware.Delivery}
		st := storeOf(e)
		if err := st.InsertCommand(e.ctx, cmd); err != nil {
			t.Fatal(err)
		}
		closed := ev(hardware.EventDoor, t0.Add(40*time.Second))
		closed.Compartment, closed.Door = "A01", hardware.DoorClosed
		handle(closed)
		if s := e.status(r.orderLocker); s != "booked" {
			t.Fatalf("a close without an open moved the status to %s", s)
		}
		opened := ev(hardware.EventDoor, t0.Add(10*time.Second))
		opened.Compartment, opened.Door, opened.CommandID = "A01", hardware.DoorOpen, cmd.ID
		handle(opened)
		handle(opened)
		if s := e.status(r.orderLocker); s != "delivered" {
			t.Fatalf("status %s after a late open of a closed door, want delivered", s)
		}
		if n := e.count(`SELECT count(*) FROM lockers WHERE id = $1 AND door_state = 'closed'`, lockerA01); n != 1 {
			t.Error("a late open event reopened the door")
		}
		if n := e.count(`SELECT count(*) FROM station_events`); n != 4 {
			t.Errorf("%d events recorded, want 4 (door and status events, once each)", n)
		}
	})
}
