package backoffice_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/apperr"
	"lockers/internal/backoffice"
	"lockers/internal/backoffice/officesql"
	"lockers/internal/demo"
	"lockers/internal/identity"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

var t0 = time.Date(2026, 6, 1, 8, 0, 0, 0, time.UTC)

// office is a back office over a database with the demo stations, an operator
// with the ADMIN role and a clock at t0 + 1 day.
type office struct {
	t     *testing.T
	db    *store.DB
	svc   *backoffice.Service
	admin string // the operator's user id
}

func eachDB(t *testing.T, fn func(t *testing.T, o *office)) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		if err := demo.Seed(context.Background(), db); err != nil {
			t.Fatal(err)
		}
		svc, err := backoffice.NewService(backoffice.Deps{Store: officesql.New(db, func() time.Time { return t0.Add(24 * time.Hour) }),
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		if err != nil {
			t.Fatal(err)
		}
		o := &office{t: t, db: db, svc: svc}
		o.admin = o.user("admin@example.com", "Ada", "Admin", t0.Add(-time.Hour))
		o.exec(`INSERT INTO user_roles (user_id, role) VALUES ($1, 'ADMIN')`, o.admin)
		fn(t, o)
	})
}

// ctx is the operator's call.
func (o *office) ctx() context.Context {
	return identity.With(context.Background(), identity.Principal{UserID: o.admin, SessionID: "s",
		Roles: []string{identity.RoleAdmin}})
}

func (o *office) exec(q string, args ...any) {
	o.t.Helper()
	if _, err := o.db.ExecContext(context.Background(), q, args...); err != nil {
		o.t.Fatalf("%s: %v", q, err)
	}
}

func (o *office) count(q string, args ...any) int {
	o.t.Helper()
	var n int
	if err := o.db.QueryRowContext(context.Background(), q, args...).Scan(&n); err != nil {
		o.t.Fatalf("%s: %v", q, err)
	}
	return n
}

// user inserts an active user created at the time given.
func (o *office) user(email, first, last string, created time.Time) string {
	o.t.Helper()
	id := uuid.NewString()
	o.exec(`INSERT INTO users (id, email, first_name, last_name, verified_at, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $5, $5)`, id, email, first, last, created.UTC())
	return id
}

// order inserts an order of user at the n-th demo station (1-based), holding
// that station's first locker from start for two hours.
func (o *office) order(user string, station int, status string, created time.Time) string {
	o.t.Helper()
	id := uuid.NewString()
	start := created.Add(time.Hour)
	o.exec(`INSERT INTO orders (id, user_id, station_id, status, height, type, temperature, starts_at, ends_at,
		reserved_until, created_at, updated_at) VALUES ($1, $2, $3, $4, 'small', 'standard', 'cool', $5, $6, $7, $8, $8)`,
		id, user, demo.Stations[station-1].ID, status, start.UTC(), start.Add(2*time.Hour).UTC(),
		created.Add(15*time.Minute).UTC(), created.UTC())
	return id
}

// lockerFor books a locker of the station for the order (live).
func (o *office) lockerFor(orderID string, station, n int, start time.Time) {
	o.t.Helper()
	o.exec(`INSERT INTO order_lockers (id, order_id, locker_id, delivery_code, picking_code, starts_at, ends_at)
		VALUES ($1, $2, $3, '123456', '654321', $4, $5)`, uuid.NewString(), orderID, demo.LockerID(station, n),
		start.UTC(), start.Add(2*time.Hour).UTC())
}

func wantCode(t *testing.T, err error, code apperr.Code) {
	t.Helper()
	if got := apperr.CodeOf(err); got != code {
		t.Fatalf("error %v: code %s, want %s", err, got, code)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func email(i int) string { return fmt.Sprintf("user%02d@example.com", i) }
