package order_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/account/accounttest"
	"lockers/internal/apperr"
	"lockers/internal/clock/clocktest"
	"lockers/internal/demo"
	"lockers/internal/order"
	"lockers/internal/order/ordersql"
	"lockers/internal/promo"
	"lockers/internal/promo/promosql"
	"lockers/internal/station"
	"lockers/internal/station/stationsql"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// Demo stations: Viru Keskus (Tallinn) has 3 small and 2 big lockers of each temperature.
var (
	viru  = demo.Stations[0].ID
	tartu = demo.Stations[2].ID
)

// env is a migrated database with the demo stations and the three services.
type env struct {
	t        *testing.T
	db       *store.DB
	clock    *clocktest.Clock
	orders   *order.Service
	stations *station.Service
	coupons  *promo.Service
	store    *ordersql.Store
	refunds  *fakeRefunds
	ctx      context.Context
}

// start is "now" in every test unless it moves the clock: a Friday in June.
var start = time.Date(2026, 6, 5, 9, 0, 0, 0, time.UTC)

func newEnv(t *testing.T, db *store.DB) *env {
	t.Helper()
	ctx := context.Background()
	if err := demo.Seed(ctx, db); err != nil {
		t.Fatal(err)
	}
	c := clocktest.NewClock(start)
	stations := station.NewService(stationsql.New(db), c.Now)
	coupons := promo.NewService(promosql.New(db), c.Now)
	st := ordersql.New(db)
	refunds := &fakeRefunds{db: db}
	orders, err := order.NewService(order.Deps{Store: st, Stations: stations, Coupons: coupons, Refunds: refunds, Now: c.Now})
	if err != nil {
		t.Fatal(err)
	}
	return &env{t: t, db: db, clock: c, orders: orders, stations: stations, coupons: coupons, store: st,
		refunds: refunds, ctx: ctx}
}

// each runs fn on SQLite and PostgreSQL with a fresh env. The test runs in
// parallel with the package's other tests: each env is a database, a clock and
// services of its own, and a test mostly waits on its database.
func each(t *testing.T, fn func(t *testing.T, e *env)) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) { fn(t, newEnv(t, db)) })
}

// user inserts a minimal verified user.
func (e *env) user() string { return accounttest.VerifiedUser(e.t, e.ctx, e.db, e.clock.Now()) }

// grant gives the user a pack with remaining free orders and returns the coupon id.
func (e *env) grant(userID, pack string, remaining int) string {
	e.t.Helper()
	id := uuid.NewString()
	if _, err := e.db.ExecContext(e.ctx, `INSERT INTO user_coupons (id, user_id, pack_code, remaining, subject, registered_at)
		VALUES ($1, $2, $3, $4, $5, $6)`, id, userID, pack, remaining, "test:"+id, e.clock.Now().UTC()); err != nil {
		e.t.Fatal(err)
	}
	return id
}

func (e *env) remaining(couponID string) int {
	e.t.Helper()
	var n int
	if err := e.db.QueryRowContext(e.ctx, `SELECT remaining FROM user_coupons WHERE id = $1`, couponID).Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	return n
}

// input is a valid create input for one small neutral locker at Viru Keskus
// tomorrow (the default 00:01-23:59 local day).
func input() order.CreateInput {
	return order.CreateInput{
		StationID: viru,
		Product:   station.Product{Height: "small", Type: "standard", Temperature: "neutral"},
		Start:     "2026-06-06", End: "2026-06-06",
	}
}

func (e *env) create(userID string, in order.CreateInput) order.Order {
	e.t.Helper()
	o, err := e.orders.Create(e.ctx, userID, in)
	if err != nil {
		e.t.Fatalf("create: %v", err)
	}
	return o
}

// booked creates and confirms an order (free when the user has a coupon).
func (e *env) booked(userID string, in order.CreateInput) order.Order {
	e.t.Helper()
	o := e.create(userID, in)
	o, err := e.orders.Confirm(e.ctx, userID, o.ID, true)
	if err != nil {
		e.t.Fatalf("confirm: %v", err)
	}
	return o
}

func wantCode(t *testing.T, err error, code apperr.Code) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want %s", code)
	}
	if got := apperr.CodeOf(err); got != code {
		t.Fatalf("error %v (code %s), want %s", err, got, code)
	}
}

// overlaps counts pairs of live bookings of one locker with overlapping time:
// the invariant "no double booking" says it is always zero.
func (e *env) overlaps() int {
	e.t.Helper()
	var n int
	if err := e.db.QueryRowContext(e.ctx, `SELECT count(*) FROM order_lockers a JOIN order_lockers b
		ON a.locker_id = b.locker_id AND a.id < b.id
		WHERE a.live AND b.live AND a.starts_at < b.ends_at AND b.starts_at < a.ends_at`).Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	return n
}

// fakeRefunds stands in for the payments domain: it books the refund of
// everything the order kept, or fails with REFUND_ERROR when fail is set. The
// real refunds (through a provider) are tested in internal/payment.
type fakeRefunds struct {
	db    *store.DB
	fail  bool
	calls []string
}

func (f *fakeRefunds) RefundOrder(ctx context.Context, o order.Order) error {
	f.calls = append(f.calls, o.ID)
	if f.fail {
		return apperr.New(apperr.RefundError, "the provider is down")
	}
	_, err := f.db.ExecContext(ctx, `UPDATE orders SET refunded_cents = refunded_cents + paid_cents, paid_cents = 0
		WHERE id = $1`, o.ID)
	return err
}

// paid marks a confirmed (unpaid) order paid in full through the domain's
// Paid rule, as the payments domain does on a verified notification.
func (e *env) paid(userID string, o order.Order) order.Order {
	e.t.Helper()
	o, err := e.store.Change(e.ctx, userID, o.ID, func(ctx context.Context, tx order.Tx, o *order.Order) error {
		d, ok := o.DueAt(e.clock.Now())
		if !ok {
			return errors.New("nothing due")
		}
		applied, err := o.Paid(ctx, tx, d, d.AmountCents, e.clock.Now())
		if err == nil && !applied {
			err = errors.New("payment not applied")
		}
		return err
	})
	if err != nil {
		e.t.Fatalf("pay: %v", err)
	}
	return o
}
