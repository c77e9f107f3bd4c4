package hardware_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/adapters/stationsim"
	"lockers/internal/demo"
	"lockers/internal/hardware"
	"lockers/internal/hardware/hardwaresql"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// liveCodes is the load: a station with 100,000 live codes.
const liveCodes = 100_000

// BenchmarkKioskEnter measures kiosk.enter's service path with 100,000 live
// codes at the station: "right" is a code that opens its door through the
// simulator (command stored, accepted and door events applied, answer), "wrong"
// a code that matches nothing. It reports the p99 of one call in ms.
func BenchmarkKioskEnter(b *testing.B) {
	for _, engine := range []struct {
		name string
		open func(testing.TB) *store.DB
	}{{"sqlite", storetest.SQLite}, {"postgres", storetest.Postgres}} {
		b.Run(engine.name, func(b *testing.B) {
			db := engine.open(b)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			code := seedCodes(b, ctx, db)
			sim := stationsim.New(stationsim.Options{CloseAfter: time.Hour})
			hw := hardware.NewService(hardware.Deps{Store: hardwaresql.New(db), Controller: sim})
			go func() { _ = hw.Run(ctx) }()
			b.Run("right", func(b *testing.B) {
				p99(b, func() {
					if r, err := hw.Enter(ctx, viru, code, ""); err != nil || r.Opened == nil {
						b.Fatalf("right code: %+v, %v", r, err)
					}
				}, func() { applied(b, ctx, db) })
			})
			b.Run("wrong", func(b *testing.B) {
				p99(b, func() {
					if r, err := hw.Enter(ctx, viru, "999999", ""); err != nil || r.Opened != nil {
						b.Fatalf("wrong code: %+v, %v", r, err)
					}
				}, nil)
			})
		})
	}
}

// p99 runs fn b.N times and reports the 99th percentile of one run. settle
// (when set) runs after each timed call, untimed.
func p99(b *testing.B, fn, settle func()) {
	took := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for b.Loop() {
		t := time.Now()
		fn()
		took = append(took, time.Since(t))
		if settle != nil {
			settle()
		}
	}
	var sum time.Duration
	for _, d := range took {
		sum += d
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(sum.Microseconds())/1000/float64(len(took)), "mean-ms")
}

// seedCodes books one locker of the first demo station for now and gives the
// station 100,000 live codes (on order lockers of its other lockers, in one
// transaction); it returns a delivery code that opens the booked locker.
func seedCodes(b *testing.B, ctx context.Context, db *store.DB) string {
	b.Helper()
	if err := demo.Seed(ctx, db); err != nil {
		b.Fatal(err)
	}
	now := time.Now().UTC()
	user := uuid.NewString()
	err := db.InTx(ctx, func(tx *store.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO users (id, email, created_at, updated_at) VALUES ($1, $2, $3, $3)`,
			user, user+"@example.com", now); err != nil {
			return err
		}
		order := uuid.NewString()
		if _, err := tx.ExecContext(ctx, `INSERT INTO orders (id, user_id, station_id, status, height, type, temperature,
			starts_at, ends_at, reserved_until, created_at, updated_at)
			VALUES ($1, $2, $3, 'booked', 'small', 'standard', 'cool', $4, $5, $4, $4, $4)`,
			order, user, viru, now.Add(-time.Hour), now.Add(24*time.Hour)); err != nil {
			return err
		}
		var holders []string
		for n := 1; n <= 10; n++ {
			ol := uuid.NewString()
			if _, err := tx.ExecContext(ctx, `INSERT INTO order_lockers (id, order_id, locker_id, delivery_code, picking_code,
				starts_at, ends_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`, ol, order, demo.LockerID(1, n),
				fmt.Sprintf("%06d", 2*n), fmt.Sprintf("%06d", 2*n+1), now.Add(-time.Hour), now.Add(24*time.Hour)); err != nil {
				return err
			}
			holders = append(holders, ol)
		}
		for i := range liveCodes {
			if _, err := tx.ExecContext(ctx, `INSERT INTO locker_codes (id, order_locker_id, station_id, kind, code, created_at)
				VALUES ($1, $2, $3, 'picking', $4, $5)`, uuid.NewString(), holders[1+i%9], viru,
				fmt.Sprintf("%06d", 100+i), now); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	return "000002" // locker 1's delivery code
}

// applied waits until every door command's open event is applied. A right
// code's answer comes as soon as the sensor reports open, and the event is
// committed just after; calls back to back would each queue behind the
// previous call's commit (the simulator, like a station, delivers its events
// in order), which a kiosk, one person at a time, never does.
func applied(b *testing.B, ctx context.Context, db *store.DB) {
	for {
		var n int
		if err := db.QueryRowContext(ctx, `SELECT count(*) FROM door_commands WHERE opened_at IS NULL AND rejected_at IS NULL`).Scan(&n); err != nil {
			b.Fatal(err)
		}
		if n == 0 {
			return
		}
		time.Sleep(100 * time.Microsecond)
	}
}
