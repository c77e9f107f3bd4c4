package stationsql_test

import (
	"context"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"lockers/internal/seed"
	"lockers/internal/station"
	"lockers/internal/station/stationsql"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// BenchmarkAvailability measures station.availability's database work for a
// station with 200 lockers and a long history of orders (issue 4: p99 under
// 5 ms with 1,000,000 past orders). LOCKERS_BENCH_ORDERS sets the history size
// (default 100,000 to keep a plain `go test -bench` run short):
//
//	LOCKERS_BENCH_ORDERS=1000000 go test -run '^$' -bench Availability ./internal/station/stationsql/
func BenchmarkAvailability(b *testing.B) {
	orders := 100_000
	if v, err := strconv.Atoi(os.Getenv("LOCKERS_BENCH_ORDERS")); err == nil && v >= 0 {
		orders = v
	}
	for _, dialect := range []struct {
		name string
		open func(testing.TB) *store.DB
	}{{"sqlite", storetest.SQLite}, {"postgres", storetest.Postgres}} {
		b.Run(dialect.name, func(b *testing.B) {
			ctx := context.Background()
			db := dialect.open(b)
			now := time.Date(2026, 6, 5, 9, 0, 0, 0, time.UTC)
			id, err := seed.Load(ctx, db, 200, orders, now)
			if err != nil {
				b.Fatal(err)
			}
			if db.Dialect() == store.Postgres {
				if _, err := db.ExecContext(ctx, `ANALYZE`); err != nil {
					b.Fatal(err)
				}
			} else if _, err := db.ExecContext(ctx, `ANALYZE`); err != nil {
				b.Fatal(err)
			}
			svc := station.NewService(stationsql.New(db), func() time.Time { return now })
			st, err := svc.Station(ctx, id)
			if err != nil {
				b.Fatal(err)
			}
			start, end := now.Add(time.Hour), now.Add(25*time.Hour)
			lat := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for b.Loop() {
				t0 := time.Now()
				av, err := svc.Availability(ctx, st, start, end)
				lat = append(lat, time.Since(t0))
				if err != nil || len(av) != 6 || av[0].Free == 0 {
					b.Fatalf("availability %v, %v", av, err)
				}
			}
			b.StopTimer()
			slices.Sort(lat)
			b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
		})
	}
}
