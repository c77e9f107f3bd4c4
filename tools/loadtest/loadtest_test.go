package loadtest

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"lockers/internal/jobs/jobstest"
	"lockers/internal/seed"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// TestBookingUnderLoadStaysCorrect runs the whole load test at a small size in
// every test run, on both databases: users signed up through the API, 16
// concurrent clients booking against the raw loop, the contention round and
// the double-booking check. It asserts correctness only; the speed figures
// come from BenchmarkBookingThroughput.
func TestBookingUnderLoadStaysCorrect(t *testing.T) {
	t.Parallel()
	jobstest.EachMigratedURL(t, func(t *testing.T, databaseURL string) {
		t.Parallel() // a lockerd and a database of its own: the two engines' runs side by side
		res, err := Run(context.Background(), Options{DatabaseURL: databaseURL, Bookings: 150, Users: 16, Pay: true,
			PayBookings: 50, Logf: t.Logf})
		if err != nil {
			t.Fatal(err)
		}
		checkCorrect(t, res)
	})
}

// BenchmarkBookingThroughput is the booking benchmark of issue 4 (one full run per
// database and iteration; docs/benchmarks.md has the figures):
//
//	go test -run '^$' -bench BookingThroughput -benchtime 1x -timeout 30m ./tools/loadtest/
//
// LOCKERS_LOADTEST_WORKERS, _BOOKINGS and _USERS change the defaults (16, 4000, 64).
// Throughput is reported, not asserted (the machine decides it); correctness is.
func BenchmarkBookingThroughput(b *testing.B) {
	for _, db := range []struct {
		name string
		url  func(testing.TB) string
	}{{"sqlite", storetest.SQLiteURL}, {"postgres", storetest.PostgresURL}} {
		b.Run(db.name, func(b *testing.B) {
			for b.Loop() {
				opts := Options{DatabaseURL: db.url(b), Logf: b.Logf, Pay: true,
					Workers: envInt("LOCKERS_LOADTEST_WORKERS"), Bookings: envInt("LOCKERS_LOADTEST_BOOKINGS"),
					Users: envInt("LOCKERS_LOADTEST_USERS")}
				res, err := Run(context.Background(), opts)
				if err != nil {
					b.Fatal(err)
				}
				b.Log(res.String())
				checkCorrect(b, res)
				b.ReportMetric(res.Raw.PerSecond(), "raw-bookings/s")
				b.ReportMetric(res.API.PerSecond(), "api-bookings/s")
				b.ReportMetric(res.Ratio(), "api/raw")
				b.ReportMetric(res.WholeRatio(), "api/whole-raw")
				b.ReportMetric(res.Book.PerSecond(), "booking-only/s")
				b.ReportMetric(res.Pay.PerSecond(), "book-and-pay/s")
				b.ReportMetric(res.PayRatio(), "pay/booking")
				if r := res.WholeRatio(); r < 0.9 {
					b.Logf("API reaches %.2fx the whole raw booking's rate, below the 0.9x target", r)
				}
				if r := res.PayRatio(); r < 0.5 {
					b.Logf("book-and-pay reaches %.2fx the booking-only rate, below the 0.5x target", r)
				}
			}
		})
	}
}

// checkCorrect fails tb when a run booked wrongly: a failure or a refusal where
// lockers were free, a rate-limited client, a double booking, or a contention
// round that did not fill exactly the contended lockers.
func checkCorrect(tb testing.TB, res Result) {
	tb.Helper()
	for _, ph := range []Phase{res.Raw, res.Whole, res.API, res.Book, res.Pay} {
		if ph.Failed > 0 || ph.NotAvailable > 0 {
			tb.Errorf("%d failed, %d without a locker: %v", ph.Failed, ph.NotAvailable, ph.FirstErrors)
		}
	}
	if res.API.RateLimited > 0 {
		tb.Errorf("%d API bookings hit the per-token rate limit: use more users", res.API.RateLimited)
	}
	if res.Options.Pay && (res.Book.Booked != res.Options.PayBookings || res.Pay.Booked != res.Options.PayBookings ||
		res.PaidBooked != res.Pay.Booked) {
		tb.Errorf("booking only: %d of %d booked; book-and-pay: %d paid, %d booked by notification",
			res.Book.Booked, res.Options.PayBookings, res.Pay.Booked, res.PaidBooked)
	}
	if res.Overlaps != 0 {
		tb.Errorf("%d double bookings", res.Overlaps)
	}
	if res.ContentionBooked != res.ContentionLockers || res.ContentionFailed != 0 {
		tb.Errorf("contention: %d booked of %d lockers, %d refused, %d failed",
			res.ContentionBooked, res.ContentionLockers, res.ContentionRefused, res.ContentionFailed)
	}
}

func envInt(name string) int {
	n, _ := strconv.Atoi(os.Getenv(name))
	return n
}

// TestRawLoopAndOverlapCheck keeps the measuring tools honest in the ordinary
// test run: the raw loop books one locker per call and refuses when a kind is
// full, and the overlap query finds a double booking when one exists.
func TestRawLoopAndOverlapCheck(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		stationID, err := seed.Load(ctx, db, 12, 0, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		owner, err := rawUser(ctx, db)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now().UTC().Truncate(time.Hour).Add(48 * time.Hour)
		// 12 lockers of 6 kinds: 2 per kind. 5 tries of one kind and hour at once.
		ph := runPhase(5, 0, 5, func(int) error {
			return rawBook(ctx, db, owner, stationID, products[0], start, start.Add(time.Hour))
		})
		if ph.Booked != 2 || ph.NotAvailable != 3 || ph.Failed != 0 {
			t.Fatalf("one full kind: %+v", ph)
		}
		ph = runPhase(4, 0, 60, func(i int) error {
			s := start.Add(time.Duration(2+i/6) * time.Hour)
			return rawBook(ctx, db, owner, stationID, products[i%6], s, s.Add(time.Hour))
		})
		if ph.Booked != 60 || ph.Failed != 0 {
			t.Fatalf("spread bookings: %+v", ph)
		}
		// The whole booking writes the order with its coupon and two price lines.
		ph = runPhase(4, 0, 12, func(i int) error {
			s := start.Add(time.Duration(20+i/6) * time.Hour)
			return rawWholeBook(ctx, db, owner, stationID, products[i%6], s, s.Add(time.Hour))
		})
		if ph.Booked != 12 || ph.Failed != 0 {
			t.Fatalf("whole bookings: %+v", ph)
		}
		var orders, lines int
		if err := db.QueryRowContext(ctx, `SELECT count(DISTINCT o.id), count(l.id) FROM orders o
			JOIN order_price_lines l ON l.order_id = o.id WHERE o.user_coupon_id IS NOT NULL`).Scan(&orders, &lines); err != nil ||
			orders != 12 || lines != 24 {
			t.Fatalf("whole bookings wrote %d orders with a coupon and %d price lines (%v), want 12 and 24", orders, lines, err)
		}
		if n, err := overlaps(ctx, db); err != nil || n != 0 {
			t.Fatalf("overlaps %d, %v", n, err)
		}
		// Let a double booking in past the database's guard and see it counted.
		switch db.Dialect() {
		case store.Postgres:
			_, err = db.ExecContext(ctx, `ALTER TABLE order_lockers DROP CONSTRAINT order_lockers_no_overlap`)
		default:
			_, err = db.ExecContext(ctx, `DROP TRIGGER order_lockers_no_overlap_insert`)
		}
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.ExecContext(ctx, `INSERT INTO order_lockers (id, order_id, locker_id, status, delivery_code,
				picking_code, starts_at, ends_at, live)
			SELECT '00000000-0000-4000-8000-000000000001', order_id, locker_id, 'booked', '123456', '654321',
				starts_at, ends_at, true FROM order_lockers ORDER BY id LIMIT 1`); err != nil {
			t.Fatal(err)
		}
		if n, err := overlaps(ctx, db); err != nil || n != 1 {
			t.Fatalf("overlaps after a double booking %d, %v", n, err)
		}
	})
}
