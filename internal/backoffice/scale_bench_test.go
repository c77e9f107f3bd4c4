package backoffice_test

import (
	"context"
	"io"
	"log/slog"
	"os"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/backoffice"
	"lockers/internal/backoffice/officesql"
	"lockers/internal/identity"
	"lockers/internal/issue"
	"lockers/internal/store"
)

// BenchmarkAdminAtScale measures every admin list and the statistics on a
// database that `lockerd seed-load` filled (BENCH_DATABASE_URL; skipped
// without it) and reports each one's p50 and p99. Deep pages are reached by
// walking the list first. Run e.g.
//
//	BENCH_DATABASE_URL=sqlite:/tmp/big.db go test -run '^$' -bench AdminAtScale -benchtime 40x ./internal/backoffice/
func BenchmarkAdminAtScale(b *testing.B) {
	url := os.Getenv("BENCH_DATABASE_URL")
	if url == "" {
		b.Skip("BENCH_DATABASE_URL is not set")
	}
	ctx := context.Background()
	db, err := store.Open(ctx, url)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	svc, err := backoffice.NewService(backoffice.Deps{Store: officesql.New(db, nil), Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	ctx = identity.With(ctx, identity.Principal{UserID: uuid.NewString(), SessionID: "s",
		Roles: []string{identity.RoleAdmin}})
	var station string
	if err := db.QueryRowContext(ctx, `SELECT id FROM stations WHERE name = 'Load station 7' LIMIT 1`).Scan(&station); err != nil {
		b.Fatal(err)
	}
	var user string
	if err := db.QueryRowContext(ctx, `SELECT user_id FROM orders ORDER BY created_at DESC LIMIT 1`).Scan(&user); err != nil {
		b.Fatal(err)
	}
	walk := func(pages int, page func(cur string) (string, error)) string {
		cur := ""
		for range pages {
			next, err := page(cur)
			if err != nil {
				b.Fatal(err)
			}
			cur = next
		}
		return cur
	}
	now := time.Now().UTC()
	monthAgoYear := now.AddDate(-1, 0, 0)
	deepStation := walk(10, func(cur string) (string, error) {
		p, err := svc.Orders(ctx, backoffice.OrderFilter{StationID: station, Status: "finalized", Cursor: cur, Limit: 200})
		return p.Next, err
	})
	deepAll := walk(25, func(cur string) (string, error) {
		p, err := svc.Orders(ctx, backoffice.OrderFilter{Cursor: cur, Limit: 200})
		return p.Next, err
	})
	deepRange := walk(10, func(cur string) (string, error) {
		p, err := svc.Orders(ctx, backoffice.OrderFilter{From: monthAgoYear, To: monthAgoYear.AddDate(0, 1, 0),
			Cursor: cur, Limit: 200})
		return p.Next, err
	})
	deepUsers := walk(25, func(cur string) (string, error) {
		p, err := svc.Users(ctx, backoffice.UserFilter{Cursor: cur, Limit: 200})
		return p.Next, err
	})
	deepEvents := walk(25, func(cur string) (string, error) {
		p, err := svc.Events(ctx, backoffice.EventFilter{Type: "order_paid", Cursor: cur, Limit: 200})
		return p.Next, err
	})
	year := now.Truncate(24*time.Hour).AddDate(-1, 0, 0)
	cold := time.Now()
	if _, err := svc.Statistics(ctx, backoffice.StatsFilter{From: year, To: year.AddDate(1, 0, 0), Period: "day"}); err != nil {
		b.Fatal(err)
	}
	b.Logf("statistics for a year, first read (sums the missing days): %v", time.Since(cold))
	cold = time.Now()
	if _, err := svc.Statistics(ctx, backoffice.StatsFilter{From: year, To: year.AddDate(1, 0, 0), Period: "month",
		ByStation: true}); err != nil {
		b.Fatal(err)
	}
	b.Logf("statistics for a year by month, first read (sums the missing months): %v", time.Since(cold))

	cases := []benchCase{
		{"users-first-page", func() error { _, err := svc.Users(ctx, backoffice.UserFilter{}); return err }},
		{"users-deep-5000", func() error { _, err := svc.Users(ctx, backoffice.UserFilter{Cursor: deepUsers}); return err }},
		{"users-search-rare-email", func() error {
			_, err := svc.Users(ctx, backoffice.UserFilter{Query: "user4711."})
			return err
		}},
		{"users-search-name", func() error { _, err := svc.Users(ctx, backoffice.UserFilter{Query: "kadri sepp"}); return err }},
		{"users-search-phone", func() error { _, err := svc.Users(ctx, backoffice.UserFilter{Query: "+3725900471"}); return err }},
		{"orders-first-page", func() error { _, err := svc.Orders(ctx, backoffice.OrderFilter{}); return err }},
		{"orders-deep-5000", func() error { _, err := svc.Orders(ctx, backoffice.OrderFilter{Cursor: deepAll}); return err }},
		{"orders-station-status-deep-2000", func() error {
			_, err := svc.Orders(ctx, backoffice.OrderFilter{StationID: station, Status: "finalized", Cursor: deepStation})
			return err
		}},
		{"orders-month-a-year-ago-deep-2000", func() error {
			_, err := svc.Orders(ctx, backoffice.OrderFilter{From: monthAgoYear, To: monthAgoYear.AddDate(0, 1, 0),
				Cursor: deepRange})
			return err
		}},
		{"orders-of-a-user", func() error { _, err := svc.Orders(ctx, backoffice.OrderFilter{UserID: user}); return err }},
		{"orders-status-unfinished", func() error {
			_, err := svc.Orders(ctx, backoffice.OrderFilter{Status: "unfinished"})
			return err
		}},
		{"reserved-list", func() error { _, err := svc.Live(ctx, backoffice.LiveFilter{}); return err }},
		{"reserved-station-rentals", func() error {
			_, err := svc.Live(ctx, backoffice.LiveFilter{StationID: station, Kind: "rental"})
			return err
		}},
		{"events-first-page", func() error { _, err := svc.Events(ctx, backoffice.EventFilter{}); return err }},
		{"events-type-deep-5000", func() error {
			_, err := svc.Events(ctx, backoffice.EventFilter{Type: "order_paid", Cursor: deepEvents})
			return err
		}},
		{"events-of-a-user", func() error { _, err := svc.Events(ctx, backoffice.EventFilter{UserID: user}); return err }},
		{"audit-first-page", func() error { _, err := svc.Audit(ctx, backoffice.AuditFilter{}); return err }},
		{"issues-open", func() error {
			_, err := svc.Issues(ctx, backoffice.IssueFilter{State: issue.Open})
			return err
		}},
		{"stations-search", func() error { _, err := svc.Stations(ctx, "tartu", "", 50); return err }},
		{"dashboard", func() error { _, err := svc.Dashboard(ctx); return err }},
		{"network", func() error { _, err := svc.Network(ctx); return err }},
		{"network-station-grid", func() error { _, err := svc.Grid(ctx, station); return err }},
		{"orders-search-id-prefix", func() error {
			_, err := svc.Orders(ctx, backoffice.OrderFilter{Query: user[:6]})
			return err
		}},
		{"orders-search-compartment-at-station", func() error {
			_, err := svc.Orders(ctx, backoffice.OrderFilter{Query: "A01", StationID: station})
			return err
		}},
		{"orders-search-compartment-everywhere", func() error {
			_, err := svc.Orders(ctx, backoffice.OrderFilter{Query: "A01"})
			return err
		}},
		{"server-log-payments", func() error {
			_, err := svc.Activity(ctx, backoffice.ActivityFilter{Source: backoffice.SourcePayment})
			return err
		}},
		{"server-log-payments-of-a-user", func() error {
			_, err := svc.Activity(ctx, backoffice.ActivityFilter{Source: backoffice.SourcePayment, UserID: user})
			return err
		}},
		{"statistics-year-by-day", func() error {
			_, err := svc.Statistics(ctx, backoffice.StatsFilter{From: year, To: year.AddDate(1, 0, 0), Period: "day"})
			return err
		}},
		{"statistics-year-by-month-by-station", func() error {
			_, err := svc.Statistics(ctx, backoffice.StatsFilter{From: year, To: year.AddDate(1, 0, 0), Period: "month",
				ByStation: true})
			return err
		}},
		{"statistics-year-one-station-by-week", func() error {
			_, err := svc.Statistics(ctx, backoffice.StatsFilter{From: year, To: year.AddDate(1, 0, 0), Period: "week",
				StationID: station})
			return err
		}},
	}
	runTimed(b, cases)
}
