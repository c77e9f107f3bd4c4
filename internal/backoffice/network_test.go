package backoffice_test

import (
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/apperr"
	"lockers/internal/backoffice"
	"lockers/internal/demo"
	"lockers/internal/hardware"
)

// The network view and the overview agree with the alarms: a station with an
// open "station offline" alarm is offline even when its last heartbeat is
// fresh (issue 30: "Online, last seen 23:03" beside an open alarm), a silent
// one is offline before the alarm check has run, and the overview's count is
// the view's.
func TestNetworkAgreesWithTheOfflineAlarms(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		now := t0.Add(24 * time.Hour)
		viru, ulemiste, tartu := demo.Stations[0].ID, demo.Stations[1].ID, demo.Stations[2].ID
		o.exec(`UPDATE stations SET link_state = 'online', last_seen_at = $1 WHERE id IN ($2, $3)`,
			now.Add(-10*time.Second).UTC(), viru, ulemiste)
		o.exec(`UPDATE stations SET link_state = 'online', last_seen_at = $1 WHERE id = $2`,
			now.Add(-hardware.OfflineAfter-time.Minute).UTC(), tartu)
		// Ülemiste's alarm is still open although a heartbeat came: offline
		// until the check resolves it.
		o.exec(`INSERT INTO locker_issues (id, station_id, kind, created_at) VALUES ($1, $2, 'station_offline', $3)`,
			uuid.NewString(), ulemiste, now.Add(-5*time.Minute).UTC())

		n, err := o.svc.Network(o.ctx())
		must(t, err)
		if len(n.Stations) != 3 || n.Online != 1 || n.Offline != 2 || n.Never != 0 {
			t.Fatalf("network: %d stations, %d online, %d offline, %d never; want 3, 1, 2, 0",
				len(n.Stations), n.Online, n.Offline, n.Never)
		}
		links := map[string]string{}
		for _, s := range n.Stations {
			links[s.ID] = s.Link
			if s.Total == 0 || s.Free != s.Total {
				t.Errorf("%s: %d free of %d with nothing rented", s.Name, s.Free, s.Total)
			}
		}
		if links[viru] != hardware.LinkOnline || links[ulemiste] != hardware.LinkOffline || links[tartu] != hardware.LinkOffline {
			t.Fatalf("links %v", links)
		}
		d, err := o.svc.Dashboard(o.ctx())
		must(t, err)
		if d.StationsOffline != n.Offline {
			t.Fatalf("the overview counts %d offline, the network view %d", d.StationsOffline, n.Offline)
		}
		g, err := o.svc.Grid(o.ctx(), ulemiste)
		must(t, err)
		if g.Station.Link != hardware.LinkOffline || g.Station.OpenAlarms != 1 || len(g.Alarms) != 1 {
			t.Fatalf("Ülemiste's grid: link %s, %d open alarms, %d listed", g.Station.Link, g.Station.OpenAlarms, len(g.Alarms))
		}
	})
}

// The grid names the rental in each compartment now (its order, for a link),
// the door and the newest temperature with its band; the free count leaves
// the rented and the out-of-service compartments out.
func TestStationGridShowsOccupantsDoorsAndTemperatures(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		now := t0.Add(24 * time.Hour)
		viru := demo.Stations[0].ID
		u := o.user("renter@example.com", "Rita", "Renter", t0)
		ord := o.order(u, 1, "active", now.Add(-2*time.Hour)) // runs from an hour ago
		o.lockerFor(ord, 1, 1, now.Add(-time.Hour))
		o.exec(`UPDATE lockers SET state = 'out_of_service' WHERE id = $1`, demo.LockerID(1, 2))
		o.exec(`UPDATE lockers SET door_state = 'open', door_at = $1 WHERE id = $2`, now.Add(-time.Minute).UTC(), demo.LockerID(1, 1))
		o.exec(`INSERT INTO locker_temperatures (locker_id, at, celsius) VALUES ($1, $2, 12.5)`,
			demo.LockerID(1, 1), now.Add(-time.Minute).UTC())

		g, err := o.svc.Grid(o.ctx(), viru)
		must(t, err)
		var first backoffice.GridCompartment
		for _, c := range g.Compartments {
			if c.LockerID == demo.LockerID(1, 1) {
				first = c
			}
		}
		if first.OrderID != ord || first.UserEmail != "renter@example.com" || first.OrderStatus != "active" {
			t.Fatalf("occupant %q %q %q", first.OrderID, first.UserEmail, first.OrderStatus)
		}
		if first.Door != "open" || !first.HasReading || first.Celsius != 12.5 || first.InRange {
			t.Fatalf("door %s, reading %v %.1f in range %v (A01 is cool: 2-8 °C)", first.Door, first.HasReading, first.Celsius, first.InRange)
		}
		n, err := o.svc.Network(o.ctx())
		must(t, err)
		for _, s := range n.Stations {
			if s.ID == viru && (s.Free != s.Total-2 || s.OutOfService != 1) {
				t.Fatalf("Viru: %d free of %d, %d out of service; want %d free", s.Free, s.Total, s.OutOfService, s.Total-2)
			}
		}
		_, err = o.svc.Grid(o.ctx(), "not-an-id")
		wantCode(t, err, apperr.StationNotFound)
	})
}

// Alarms resolve in bulk with one internal note, each audited; the same
// submit again resolves nothing more and adds no note.
func TestAlarmsResolveInBulkOncePerSubmit(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		now := t0.Add(24 * time.Hour)
		a, b := uuid.NewString(), uuid.NewString()
		o.exec(`INSERT INTO locker_issues (id, locker_id, station_id, kind, created_at) VALUES ($1, $2, $3, 'door_left_open', $4)`,
			a, demo.LockerID(1, 1), demo.Stations[0].ID, now.UTC())
		o.exec(`INSERT INTO locker_issues (id, locker_id, station_id, kind, created_at) VALUES ($1, $2, $3, 'temperature_out_of_range', $4)`,
			b, demo.LockerID(1, 2), demo.Stations[0].ID, now.UTC())
		req := uuid.NewString()
		_, err := o.svc.ResolveAlarms(o.ctx(), []string{a, b}, " ", req)
		wantCode(t, err, apperr.MissingNote)
		for range 2 {
			n, err := o.svc.ResolveAlarms(o.ctx(), []string{a, b}, "Checked on site", req)
			must(t, err)
			if n != 2 && n != 0 {
				t.Fatalf("resolved %d", n)
			}
		}
		if open := o.count(`SELECT count(*) FROM locker_issues WHERE resolved_at IS NULL`); open != 0 {
			t.Fatalf("%d alarms still open", open)
		}
		if notes := o.count(`SELECT count(*) FROM issue_notes WHERE issue_id IN ($1, $2)`, a, b); notes != 2 {
			t.Fatalf("%d notes, want one per alarm", notes)
		}
		if audited := o.count(`SELECT count(*) FROM audit_log WHERE action = 'admin.issues.update'`); audited != 2 {
			t.Fatalf("%d audit rows, want 2", audited)
		}
	})
}
