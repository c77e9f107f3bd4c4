package backoffice_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/adapters/stationsim"
	"lockers/internal/apperr"
	"lockers/internal/backoffice"
	"lockers/internal/backoffice/officesql"
	"lockers/internal/demo"
	"lockers/internal/hardware"
	"lockers/internal/hardware/hardwaresql"
)

// TestStationHardwareAndRemoteOpen runs the hardware domain on the station
// simulator: stations.hardware shows the controller online with its last
// heartbeat, each door and each compartment's newest temperature (out of its
// band flagged); stations.openDoor needs a reason and an intent from
// OpenDoorIntent (issue 26; the rule itself is tested in hardware), opens through the hardware
// service's own path (a repair command) and is audited; a jammed door answers
// CANT_OPEN and, as the hardware domain does, goes out of service with an
// issue that the issues list shows.
func TestStationHardwareAndRemoteOpen(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		st := demo.Stations[0].ID
		sim := stationsim.New(stationsim.Options{CloseAfter: 50 * time.Millisecond, HeartbeatEvery: time.Hour,
			TemperatureEvery: time.Hour,
			Stations:         func(context.Context) ([]string, error) { return []string{st}, nil }})
		hw := hardware.NewService(hardware.Deps{Store: hardwaresql.New(o.db), Controller: sim,
			OpenTimeout: 200 * time.Millisecond})
		done := make(chan struct{})
		go func() { defer close(done); _ = hw.Run(ctx) }()
		defer func() { cancel(); <-done }()
		svc, err := backoffice.NewService(backoffice.Deps{Store: officesql.New(o.db, func() time.Time { return t0 }), Doors: hw,
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		must(t, err)

		var h backoffice.StationHardware
		for deadline := time.Now().Add(5 * time.Second); ; {
			h, err = svc.Hardware(o.ctx(), st)
			must(t, err)
			if (h.Online && !h.LastSeenAt.IsZero()) || time.Now().After(deadline) {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		if !h.Online || h.LastSeenAt.IsZero() || len(h.Doors) == 0 {
			t.Fatalf("online with doors: %+v", h)
		}
		_, err = svc.Hardware(o.ctx(), "00000000-0000-4000-8000-000000000000")
		wantCode(t, err, apperr.StationNotFound)

		var cool backoffice.DoorRow
		for _, d := range h.Doors {
			if d.Temperature == "cool" {
				cool = d
				break
			}
		}
		if cool.LockerID == "" || cool.HasReading {
			t.Fatalf("a cool compartment without readings yet: %+v", cool)
		}
		o.exec(`INSERT INTO locker_temperatures (locker_id, at, celsius) VALUES ($1, $2, 5), ($1, $3, 11.5)`,
			cool.LockerID, t0.Add(-2*time.Minute), t0.Add(-time.Minute))
		h, err = svc.Hardware(o.ctx(), st)
		must(t, err)
		for _, d := range h.Doors {
			if d.LockerID == cool.LockerID && (!d.HasReading || d.Celsius != 11.5 || d.InRange ||
				!d.CelsiusAt.Equal(t0.Add(-time.Minute))) {
				t.Fatalf("newest reading, out of the cool band: %+v", d)
			}
		}

		_, err = svc.OpenDoor(o.ctx(), st, cool.LockerID, "  ", "", "")
		wantCode(t, err, apperr.MissingNote)
		_, err = svc.OpenDoor(o.ctx(), st, uuid.NewString(), "check", "", "")
		wantCode(t, err, apperr.LockerNotFound)
		_, err = svc.OpenDoor(o.ctx(), demo.Stations[1].ID, cool.LockerID, "check", "", "")
		wantCode(t, err, apperr.LockerNotFound)
		_, err = svc.OpenDoorIntent(o.ctx(), demo.Stations[1].ID, cool.LockerID)
		wantCode(t, err, apperr.LockerNotFound)
		_, err = svc.OpenDoor(o.ctx(), st, cool.LockerID, "customer left keys", "", "")
		wantCode(t, err, apperr.CantOpen) // no intent: nothing audited, nothing sent
		intent, err := svc.OpenDoorIntent(o.ctx(), st, cool.LockerID)
		must(t, err)
		key := uuid.NewString()
		opened, err := svc.OpenDoor(o.ctx(), st, cool.LockerID, "customer left keys", intent.Token, key)
		must(t, err)
		if opened.Label != cool.Label {
			t.Fatalf("opened %+v, want %s", opened, cool.Label)
		}
		// The same submit again (a double-click with a fresh intent of its own)
		// opens nothing and is told the first one's result: the door is open.
		again, err := svc.OpenDoorIntent(o.ctx(), st, cool.LockerID)
		must(t, err)
		repeated, err := svc.OpenDoor(o.ctx(), st, cool.LockerID, "customer left keys", again.Token, key)
		must(t, err)
		if repeated.Label != cool.Label || repeated.OpenedAt.Sub(opened.OpenedAt).Abs() > time.Second {
			t.Fatalf("the repeated open answered %+v, want the first's %+v", repeated, opened)
		}
		if n := o.count(`SELECT count(*) FROM door_commands WHERE locker_id = $1 AND reason = 'repair'
			AND opened_at IS NOT NULL`, cool.LockerID); n != 1 {
			t.Fatalf("%d repair commands opened", n)
		}
		if n := o.count(`SELECT count(*) FROM audit_log WHERE action = 'admin.stations.openDoor' AND target_id = $1
			AND note = 'customer left keys' AND actor_id = $2`, cool.LockerID, o.admin); n != 1 {
			t.Fatalf("%d audit rows", n)
		}

		jammed := h.Doors[len(h.Doors)-1]
		sim.Jam(st, jammed.Label, true)
		intent, err = svc.OpenDoorIntent(o.ctx(), st, jammed.LockerID)
		must(t, err)
		_, err = svc.OpenDoor(o.ctx(), st, jammed.LockerID, "door reported stuck", intent.Token, "")
		wantCode(t, err, apperr.CantOpen)
		issues, err := svc.Issues(o.ctx(), backoffice.IssueFilter{StationID: st, Kind: string(hardware.IssueDoorDidNotOpen)})
		must(t, err)
		if len(issues.Issues) != 1 || issues.Issues[0].LockerID != jammed.LockerID {
			t.Fatalf("the jammed door's issue: %+v", issues.Issues)
		}
	})
}
