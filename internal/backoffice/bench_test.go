package backoffice_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/backoffice"
	"lockers/internal/backoffice/officesql"
	"lockers/internal/demo"
	"lockers/internal/identity"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// BenchmarkAdminLists measures the back office's lists and a year of
// statistics on a seeded database (BENCH_ORDERS orders over a year, default
// 50,000; one user per 25 orders) and reports each one's p99. Run with
// `go test -run '^$' -bench AdminLists ./internal/backoffice/`.
func BenchmarkAdminLists(b *testing.B) {
	orders := 50000
	if v, err := strconv.Atoi(os.Getenv("BENCH_ORDERS")); err == nil && v > 0 {
		orders = v
	}
	for _, engine := range []string{"sqlite", "postgres"} {
		b.Run(engine, func(b *testing.B) {
			var db *store.DB
			if engine == "sqlite" {
				db = storetest.SQLite(b)
			} else {
				db = storetest.Postgres(b)
			}
			seedBench(b, db, orders)
			svc, err := backoffice.NewService(backoffice.Deps{Store: officesql.New(db, nil), Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
			if err != nil {
				b.Fatal(err)
			}
			ctx := identity.With(context.Background(), identity.Principal{UserID: uuid.NewString(), SessionID: "s",
				Roles: []string{identity.RoleAdmin}})
			// A cursor half-way down the station's booked orders: "deep into the list".
			deep := ""
			for i := 0; i < 10; i++ {
				p, err := svc.Orders(ctx, backoffice.OrderFilter{StationID: demo.Stations[0].ID, Status: "finalized",
					Cursor: deep, Limit: 200})
				if err != nil {
					b.Fatal(err)
				}
				deep = p.Next
			}
			year := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
			cases := []benchCase{
				{"orders-first-page", func() error { _, err := svc.Orders(ctx, backoffice.OrderFilter{}); return err }},
				{"orders-station-status-deep", func() error {
					_, err := svc.Orders(ctx, backoffice.OrderFilter{StationID: demo.Stations[0].ID, Status: "finalized",
						Cursor: deep})
					return err
				}},
				{"users-search", func() error { _, err := svc.Users(ctx, backoffice.UserFilter{Query: "user17"}); return err }},
				{"live", func() error { _, err := svc.Live(ctx, backoffice.LiveFilter{}); return err }},
				{"statistics-year-by-day", func() error {
					_, err := svc.Statistics(ctx, backoffice.StatsFilter{From: year, To: year.AddDate(1, 0, 0), Period: "day"})
					return err
				}},
			}
			runTimed(b, cases)
		})
	}
}

// seedBench inserts users and finalized/booked orders over 2025 with their
// (no longer live) lockers and a payment each, in batches.
func seedBench(b *testing.B, db *store.DB, orders int) {
	b.Helper()
	ctx := context.Background()
	if err := demo.Seed(ctx, db); err != nil {
		b.Fatal(err)
	}
	start := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	step := 365 * 24 * time.Hour / time.Duration(orders)
	users := make([]string, orders/25+1)
	const batch = 2000
	err := db.InTx(ctx, func(tx *store.Tx) error {
		for i := range users {
			users[i] = uuid.NewString()
			if _, err := tx.ExecContext(ctx, `INSERT INTO users (id, email, first_name, last_name, verified_at, created_at,
				updated_at) VALUES ($1, $2, 'Bench', $3, $4, $4, $4)`, users[i], fmt.Sprintf("user%d@example.com", i),
				fmt.Sprintf("User %d", i), start.Add(time.Duration(i)*time.Minute)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	for lo := 0; lo < orders; lo += batch {
		err := db.InTx(ctx, func(tx *store.Tx) error {
			for i := lo; i < min(lo+batch, orders); i++ {
				id, at := uuid.NewString(), start.Add(time.Duration(i)*step)
				st := i % len(demo.Stations)
				status := "finalized"
				if i%10 == 0 {
					status = "cancelled"
				}
				if _, err := tx.ExecContext(ctx, `INSERT INTO orders (id, user_id, station_id, status, height, type,
					temperature, starts_at, ends_at, reserved_until, confirmed_at, paid_cents, created_at, updated_at)
					VALUES ($1, $2, $3, $4, 'small', 'standard', 'neutral', $5, $6, $5, $5, 500, $5, $5)`,
					id, users[i%len(users)], demo.Stations[st].ID, status, at, at.Add(5*time.Hour)); err != nil {
					return err
				}
				if _, err := tx.ExecContext(ctx, `INSERT INTO order_lockers (id, order_id, locker_id, delivery_code,
					picking_code, starts_at, ends_at, live) VALUES ($1, $2, $3, '123456', '654321', $4, $5, false)`,
					uuid.NewString(), id, demo.LockerID(st+1, 1+i%6), at, at.Add(5*time.Hour)); err != nil {
					return err
				}
				pid := uuid.NewString()
				if _, err := tx.ExecContext(ctx, `INSERT INTO payments (id, user_id, order_id, kind, flow, provider,
					idempotency_key, amount_cents, vat_cents, currency, lines, state, created_at, updated_at, paid_at)
					VALUES ($1, $2, $3, 'order', 'link', 'demo', $4, 500, 97, 'EUR', '[]', 'paid', $5, $5, $5)`,
					pid, users[i%len(users)], id, "k"+pid, at); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
}
