package hardware_test

import (
	"testing"
	"time"

	"lockers/internal/hardware"
)

func TestAnOfflineStationOpensForItsPINInsideTheWindowOnly(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		r := e.now(1)
		later := e.book("booked", 2, time.Now().Add(time.Hour), time.Now().Add(3*time.Hour))
		if _, ok, err := e.hw.Offline(e.ctx, r.user, r.order, r.orderLocker); err != nil || ok {
			t.Fatalf("an online station shows an offline PIN (%v, %v)", ok, err)
		}
		e.sim.SetOnline(viru, false)
		e.eventually("the station offline", func() bool {
			return e.count(`SELECT count(*) FROM stations WHERE id = $1 AND link_state = 'offline'`, viru) == 1
		})
		off, ok, err := e.hw.Offline(e.ctx, r.user, r.order, r.orderLocker)
		if err != nil || !ok || len(off.PIN) != 6 {
			t.Fatalf("offline PIN: %+v, %v, %v", off, ok, err)
		}
		if _, ok, _ := e.hw.Offline(e.ctx, e.user(), r.order, r.orderLocker); ok {
			t.Fatal("another user sees the offline PIN")
		}
		// Outside its window: the later rental's PIN (bound to its own window) opens nothing now.
		var from, to time.Time
		if err := e.db.QueryRowContext(e.ctx, `SELECT starts_at, ends_at FROM orders WHERE id = $1`, later.order).Scan(&from, &to); err != nil {
			t.Fatal(err)
		}
		key := hardware.StationKey([]byte("test station secret"), viru)
		e.sim.Type(e.ctx, viru, hardware.OfflinePIN(key, "A02", from, to))
		time.Sleep(150 * time.Millisecond)
		if n := e.count(`SELECT count(*) FROM lockers WHERE label = 'A02' AND door_state = 'open'`); n != 0 {
			t.Fatal("a PIN opened its door outside its window")
		}
		// Inside its window: the cabinet opens by itself and reports the use.
		e.sim.Type(e.ctx, viru, off.PIN)
		e.eventually("the door open and the rental marked opened", func() bool {
			return e.count(`SELECT count(*) FROM order_lockers WHERE id = $1 AND opened_at IS NOT NULL`, r.orderLocker) == 1
		})
		if n := e.count(`SELECT count(*) FROM door_commands`); n != 0 {
			t.Errorf("%d commands: the offline cabinet opened by itself", n)
		}
	})
}
