package hardware_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/adapters/stationsim"
	"lockers/internal/demo"
	"lockers/internal/hardware"
	"lockers/internal/hardware/hardwaresql"
	"lockers/internal/ratelimit"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// env is a migrated database with the demo stations, the simulator (doors
// close 50 ms after opening) and a running hardware service.
type env struct {
	t   *testing.T
	ctx context.Context
	db  *store.DB
	sim *stationsim.Sim
	hw  *hardware.Service
	// ctrl counts the commands hw sent to the simulator; clock is hw's
	// clock, real time unless a test moves it on.
	ctrl  *countingController
	clock *skewClock
}

// countingController is a Controller that counts the open commands it passes on.
type countingController struct {
	hardware.Controller
	sent atomic.Int32
}

func (c *countingController) Open(ctx context.Context, cmd hardware.OpenCommand) error {
	c.sent.Add(1)
	return c.Controller.Open(ctx, cmd)
}

// skewClock is the real time moved by a duration the test sets.
type skewClock struct{ skew atomic.Int64 }

func (c *skewClock) Now() time.Time       { return time.Now().Add(time.Duration(c.skew.Load())) }
func (c *skewClock) Skew(d time.Duration) { c.skew.Store(int64(d)) }

var viru = demo.Stations[0].ID

// each runs fn on SQLite and PostgreSQL with a fresh env. Tests share nothing
// but the PostgreSQL server and run side by side: most of their time is spent
// waiting for databases and doors.
func each(t *testing.T, fn func(t *testing.T, e *env)) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) { fn(t, newEnv(t, db)) })
}

func newEnv(t *testing.T, db *store.DB) *env {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	if err := demo.Seed(ctx, db); err != nil {
		t.Fatal(err)
	}
	key := func(id string) []byte { return hardware.StationKey([]byte("test station secret"), id) }
	sim := stationsim.New(stationsim.Options{CloseAfter: 50 * time.Millisecond, StationKey: key,
		Windows: func(ctx context.Context, id string) ([]stationsim.Window, error) {
			return hardwaresql.New(db).PaidWindows(ctx, id, time.Now())
		}})
	// The open timeout is what a jammed door costs a test, twice (one retry),
	// but a working door must answer within it even with -race on a loaded
	// machine: 200 ms was too short beside the browser tests.
	ctrl, clock := &countingController{Controller: sim}, &skewClock{}
	hw := hardware.NewService(hardware.Deps{StationKey: key, Now: clock.Now,
		Store: hardwaresql.New(db), Controller: ctrl, OpenTimeout: 2 * time.Second,
		PerClient:  ratelimit.NewLockout(hardware.ClientFailures, hardware.FailureWindow, hardware.LockoutFor, nil),
		PerStation: ratelimit.NewLockout(hardware.StationFailures, hardware.FailureWindow, hardware.LockoutFor, nil),
	})
	done := make(chan struct{})
	go func() { defer close(done); _ = hw.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	return &env{t: t, ctx: ctx, db: db, sim: sim, hw: hw, ctrl: ctrl, clock: clock}
}

// open opens r's door from the app as its user would: an intent, then the
// open with it.
func (e *env) open(r rental) (hardware.Opened, error) {
	return e.openAs(r.user, r.order, r.orderLocker)
}

func (e *env) openAs(user, order, orderLocker string) (hardware.Opened, error) {
	in, err := e.hw.OpenIntent(e.ctx, user, order, orderLocker)
	if err != nil {
		return hardware.Opened{}, err
	}
	return e.hw.Open(e.ctx, user, order, orderLocker, in.Token)
}

// rental is one booked order locker of a user.
type rental struct {
	user, order, orderLocker string
	delivery, picking        string
	label                    string
}

func (e *env) user() string {
	e.t.Helper()
	id := uuid.NewString()
	if _, err := e.db.ExecContext(e.ctx, `INSERT INTO users (id, email, created_at, updated_at) VALUES ($1, $2, $3, $3)`,
		id, id+"@example.com", time.Now().UTC()); err != nil {
		e.t.Fatal(err)
	}
	return id
}

// book inserts an order of status on locker n of the first demo station,
// running from start to end.
func (e *env) book(status string, n int, start, end time.Time) rental {
	e.t.Helper()
	r := rental{user: e.user(), order: uuid.NewString(), orderLocker: uuid.NewString(),
		delivery: hardware.NewPIN(), label: "A" + pad(n)}
	for r.picking = hardware.NewPIN(); r.picking == r.delivery; r.picking = hardware.NewPIN() {
	}
	now := time.Now().UTC()
	if _, err := e.db.ExecContext(e.ctx, `INSERT INTO orders (id, user_id, station_id, status, height, type, temperature,
			starts_at, ends_at, reserved_until, created_at, updated_at)
		VALUES ($1, $2, $3, $4, 'small', 'standard', 'cool', $5, $6, $5, $7, $7)`,
		r.order, r.user, viru, status, start.UTC(), end.UTC(), now); err != nil {
		e.t.Fatal(err)
	}
	if _, err := e.db.ExecContext(e.ctx, `INSERT INTO order_lockers (id, order_id, locker_id, delivery_code, picking_code,
			starts_at, ends_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		r.orderLocker, r.order, demo.LockerID(1, n), r.delivery, r.picking, start.UTC(), end.UTC()); err != nil {
		e.t.Fatal(err)
	}
	return r
}

// now books a paid order locker running from an hour ago for two hours more.
func (e *env) now(n int) rental {
	return e.book("booked", n, time.Now().Add(-time.Hour), time.Now().Add(2*time.Hour))
}

func pad(n int) string {
	if n < 10 {
		return "0" + string(rune('0'+n))
	}
	return string(rune('0'+n/10)) + string(rune('0'+n%10))
}

// status reads an order locker's status.
func (e *env) status(orderLocker string) string {
	e.t.Helper()
	var s string
	if err := e.db.QueryRowContext(e.ctx, `SELECT status FROM order_lockers WHERE id = $1`, orderLocker).Scan(&s); err != nil {
		e.t.Fatal(err)
	}
	return s
}

// eventually waits up to 2 s for cond.
func (e *env) eventually(what string, cond func() bool) {
	e.t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			e.t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func (e *env) count(query string, args ...any) int {
	e.t.Helper()
	var n int
	if err := e.db.QueryRowContext(e.ctx, query, args...).Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	return n
}

var lockerA01 = demo.LockerID(1, 1)

func storeOf(e *env) *hardwaresql.Store { return hardwaresql.New(e.db) }
