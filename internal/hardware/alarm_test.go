package hardware_test

import (
	"lockers/internal/clock/clocktest"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/hardware"
	"lockers/internal/hardware/hardwaresql"
)

// clocked is a second hardware service on e's database whose clock the test
// sets; it is not running (the test hands it events itself).
func clocked(e *env, t0 time.Time) (*hardware.Service, *clocktest.Clock) {
	c := clocktest.NewClock(t0)
	return hardware.NewService(hardware.Deps{Store: hardwaresql.New(e.db), Controller: e.sim, Now: c.Now}), c
}

func (e *env) send(hw *hardware.Service, ev hardware.Event) {
	e.t.Helper()
	if ev.ID == "" {
		ev.ID = uuid.NewString()
	}
	if ev.StationID == "" {
		ev.StationID = viru
	}
	if err := hw.Handle(e.ctx, ev); err != nil {
		e.t.Fatal(err)
	}
}

func (e *env) issues(kind hardware.Issue, open bool) int {
	e.t.Helper()
	q := `SELECT count(*) FROM locker_issues WHERE kind = $1 AND station_id = $2`
	if open {
		q += ` AND resolved_at IS NULL`
	}
	return e.count(q, string(kind), viru)
}

func TestTemperatureOutOfRangeForTenMinutesRaisesAnAlarmAndACouponOncePerRental(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		r := e.now(1) // A01 is cool: 2-8 °C
		e.paid(r)
		t0 := time.Now().UTC().Add(-30 * time.Minute).Truncate(time.Second)
		hw, _ := clocked(e, t0)
		reading := func(min int, c float64) {
			e.send(hw, hardware.Event{Kind: hardware.EventTemperature, Compartment: "A01", At: t0.Add(time.Duration(min) * time.Minute), Celsius: c})
		}
		coupons := func() int {
			return e.count(`SELECT count(*) FROM user_coupons WHERE user_id = $1 AND pack_code = 'TEMPERATURE'`, r.user)
		}
		reading(0, 4)
		for m := 1; m < 11; m++ { // out of range from minute 1: not yet ten minutes at minute 10
			reading(m, 12)
		}
		if n := e.issues(hardware.IssueTemperature, false); n != 0 {
			t.Fatalf("%d alarms after 9 minutes out of range", n)
		}
		reading(11, 12.2) // ten minutes
		if e.issues(hardware.IssueTemperature, true) != 1 || coupons() != 1 {
			t.Fatalf("after ten minutes: %d open alarms, %d coupons; want 1 and 1",
				e.issues(hardware.IssueTemperature, true), coupons())
		}
		if n := e.count(`SELECT count(*) FROM locker_issues WHERE order_locker_id = $1`, r.orderLocker); n != 1 {
			t.Fatalf("the alarm names the rental %d times", n)
		}
		reading(12, 12.1) // the same run: nothing more
		reading(13, 5)    // back in range: resolved
		if e.issues(hardware.IssueTemperature, true) != 0 || e.issues(hardware.IssueTemperature, false) != 1 {
			t.Fatal("the alarm did not end when the temperature came back")
		}
		for m := 14; m <= 25; m++ { // a second run: a second alarm, no second coupon
			reading(m, 1)
		}
		if e.issues(hardware.IssueTemperature, false) != 2 || coupons() != 1 {
			t.Fatalf("second run: %d alarms, %d coupons; want 2 and 1", e.issues(hardware.IssueTemperature, false), coupons())
		}
		// Readings that say nothing new are not stored: the run at 12 °C is
		// its first reading, the 0.5 °C steps and the band's edges.
		if n := e.count(`SELECT count(*) FROM locker_temperatures WHERE locker_id = $1`, lockerA01); n < 4 || n > 8 {
			t.Errorf("%d readings stored of 27", n)
		}
		// A neutral compartment's readings are not kept.
		e.send(hw, hardware.Event{Kind: hardware.EventTemperature, Compartment: "A13", At: t0, Celsius: 30})
		if n := e.count(`SELECT count(*) FROM locker_temperatures t JOIN lockers l ON l.id = t.locker_id
			WHERE l.station_id = $1 AND l.label = 'A13'`, viru); n != 0 {
			t.Errorf("%d readings of a neutral compartment kept", n)
		}
	})
}

// paid records a paid payment for r's order: the rental was paid for.
func (e *env) paid(r rental) {
	e.t.Helper()
	now := time.Now().UTC()
	if _, err := e.db.ExecContext(e.ctx, `INSERT INTO payments (id, user_id, order_id, kind, flow, provider,
			idempotency_key, amount_cents, vat_cents, currency, lines, state, created_at, updated_at, paid_at)
		VALUES ($1, $2, $3, 'order', 'link', 'demo', $4, 1000, 180, 'EUR', '[]', 'paid', $5, $5, $5)`,
		uuid.NewString(), r.user, r.order, uuid.NewString(), now); err != nil {
		e.t.Fatal(err)
	}
}

func TestAFreeRentalsTemperatureAlarmGivesNoCredit(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		r := e.now(1) // booked with a free-order coupon: no payment
		t0 := time.Now().UTC().Add(-30 * time.Minute).Truncate(time.Second)
		hw, _ := clocked(e, t0)
		for m := 0; m <= 11; m++ {
			e.send(hw, hardware.Event{Kind: hardware.EventTemperature, Compartment: "A01", At: t0.Add(time.Duration(m) * time.Minute), Celsius: 12})
		}
		if n := e.count(`SELECT count(*) FROM locker_issues WHERE order_locker_id = $1 AND kind = 'temperature_out_of_range'`, r.orderLocker); n != 1 {
			t.Fatalf("%d alarms name the free rental, want 1", n)
		}
		if n := e.count(`SELECT count(*) FROM user_coupons WHERE user_id = $1`, r.user); n != 0 {
			t.Fatalf("a free rental was given %d credit coupons", n)
		}
	})
}

func TestAWarmedCompartmentAtRoomTemperatureRaisesNoAlarm(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		var label string
		if err := e.db.QueryRowContext(e.ctx, `SELECT label FROM lockers WHERE station_id = $1 AND temperature = 'warm'
			ORDER BY label LIMIT 1`, viru).Scan(&label); err != nil {
			t.Fatal(err)
		}
		t0 := time.Now().UTC().Add(-30 * time.Minute).Truncate(time.Second)
		hw, _ := clocked(e, t0)
		for m := 0; m <= 20; m++ { // what customers are promised: about +20 °C
			e.send(hw, hardware.Event{Kind: hardware.EventTemperature, Compartment: label, At: t0.Add(time.Duration(m) * time.Minute), Celsius: 19.5 + float64(m%3)})
		}
		if n := e.issues(hardware.IssueTemperature, false); n != 0 {
			t.Fatalf("%d temperature alarms for a warmed compartment at about +20 °C", n)
		}
	})
}

func TestADoorLeftOpenRaisesAnAlarmUntilItCloses(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		r := e.now(2)
		t0 := time.Now().UTC()
		hw, clock := clocked(e, t0)
		e.send(hw, hardware.Event{Kind: hardware.EventDoor, Compartment: "A02", Door: hardware.DoorOpen, At: t0})
		clock.Set(t0.Add(hardware.DoorOpenLimit - time.Second))
		if err := hw.CheckAlarms(e.ctx); err != nil {
			t.Fatal(err)
		}
		if n := e.issues(hardware.IssueDoorLeftOpen, false); n != 0 {
			t.Fatalf("%d alarms before the limit", n)
		}
		clock.Set(t0.Add(hardware.DoorOpenLimit + time.Second))
		for range 2 { // a second check adds nothing
			if err := hw.CheckAlarms(e.ctx); err != nil {
				t.Fatal(err)
			}
		}
		if n := e.count(`SELECT count(*) FROM locker_issues WHERE kind = 'door_left_open' AND order_locker_id = $1
			AND resolved_at IS NULL`, r.orderLocker); n != 1 {
			t.Fatalf("%d open alarms naming the rental, want 1", n)
		}
		e.send(hw, hardware.Event{Kind: hardware.EventDoor, Compartment: "A02", Door: hardware.DoorClosed, At: t0.Add(6 * time.Minute)})
		if err := hw.CheckAlarms(e.ctx); err != nil {
			t.Fatal(err)
		}
		if e.issues(hardware.IssueDoorLeftOpen, true) != 0 || e.issues(hardware.IssueDoorLeftOpen, false) != 1 {
			t.Fatal("the alarm did not end when the door closed")
		}
	})
}

func TestAStationGoneOfflineOrSilentRaisesAnAlarm(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		t0 := time.Now().UTC().Truncate(time.Millisecond)
		hw, clock := clocked(e, t0)
		check := func() {
			t.Helper()
			if err := hw.CheckAlarms(e.ctx); err != nil {
				t.Fatal(err)
			}
		}
		check() // never heard of: no alarm
		if n := e.issues(hardware.IssueOffline, false); n != 0 {
			t.Fatalf("%d alarms for a station never heard of", n)
		}
		e.send(hw, hardware.Event{Kind: hardware.EventStatus, Online: true, At: t0})
		clock.Set(t0.Add(time.Minute))
		check()
		if n := e.issues(hardware.IssueOffline, false); n != 0 {
			t.Fatalf("%d alarms for a station online", n)
		}
		// Heartbeats a few seconds apart are written once a minute at most.
		for s := 10; s <= 50; s += 10 {
			e.send(hw, hardware.Event{Kind: hardware.EventHeartbeat, At: t0.Add(time.Duration(s) * time.Second)})
		}
		var seen time.Time
		if err := e.db.QueryRowContext(e.ctx, `SELECT last_seen_at FROM stations WHERE id = $1`, viru).Scan(&seen); err != nil {
			t.Fatal(err)
		}
		if !seen.Equal(t0) {
			t.Errorf("last seen %v, want the status's %v (heartbeats within a minute not written)", seen, t0)
		}
		// Silent for longer than OfflineAfter.
		clock.Set(t0.Add(hardware.OfflineAfter + time.Second))
		check()
		check()
		if n := e.issues(hardware.IssueOffline, true); n != 1 {
			t.Fatalf("%d open alarms for a silent station, want 1", n)
		}
		e.send(hw, hardware.Event{Kind: hardware.EventHeartbeat, At: clock.Now()})
		check()
		if n := e.issues(hardware.IssueOffline, true); n != 0 {
			t.Fatalf("%d open alarms once heard again", n)
		}
		// The broker's last will: offline at once.
		e.send(hw, hardware.Event{Kind: hardware.EventStatus, Online: false, At: clock.Now().Add(time.Second)})
		check()
		if n := e.issues(hardware.IssueOffline, true); n != 1 {
			t.Fatalf("%d open alarms for an offline station, want 1", n)
		}
	})
}

func TestPruneDeletesOldEventIDs(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		t0 := time.Now().UTC()
		hw, clock := clocked(e, t0)
		e.send(hw, hardware.Event{Kind: hardware.EventRejected, CommandID: uuid.NewString(), At: t0})
		if n := e.count(`SELECT count(*) FROM station_events`); n != 1 {
			t.Fatalf("%d event ids", n)
		}
		clock.Set(t0.Add(hardware.KeepEvents + time.Minute))
		if err := hw.Prune(e.ctx); err != nil {
			t.Fatal(err)
		}
		if n := e.count(`SELECT count(*) FROM station_events`); n != 0 {
			t.Fatalf("%d event ids after a day", n)
		}
	})
}

func TestAStationsOwnAlarmIsRecordedOnce(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		r := e.now(3)
		t0 := time.Now().UTC()
		hw, _ := clocked(e, t0)
		for range 2 { // a repeat of the condition (another message) adds nothing
			e.send(hw, hardware.Event{Kind: hardware.EventAlarm, Compartment: "A03", Alarm: hardware.AlarmDoorLeftOpen, At: t0})
		}
		if n := e.count(`SELECT count(*) FROM locker_issues WHERE kind = 'door_left_open' AND order_locker_id = $1`, r.orderLocker); n != 1 {
			t.Fatalf("%d issues for the station's alarm, want 1", n)
		}
		e.send(hw, hardware.Event{Kind: hardware.EventAlarm, Compartment: "Z99", Alarm: hardware.AlarmTemperature, At: t0}) // unknown: nothing
		if n := e.issues(hardware.IssueTemperature, false); n != 0 {
			t.Fatalf("%d temperature issues for an unknown compartment", n)
		}
	})
}
