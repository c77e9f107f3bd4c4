package order_test

import (
	"fmt"
	"sync"
	"testing"

	"lockers/internal/order"
	"lockers/internal/order/ordersql"
)

// draws hands out fixed code pairs in turn, so a test can make a booking
// draw a code another rental at the station holds.
type draws struct {
	mu    sync.Mutex
	pairs [][2]string
	n     int
}

func (d *draws) next() (string, string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	p := d.pairs[d.n%len(d.pairs)]
	d.n++
	return p[0], p[1]
}

// future moves the env's clock and the input a year on: the database checks
// codes against its own clock, so the rentals must not be over by it.
func future(e *env) order.CreateInput {
	e.clock.Set(start.AddDate(1, 0, 0))
	in := input()
	in.Start, in.End = "2027-06-06", "2027-06-06"
	return in
}

func TestBookingDrawsCodesUniqueAtTheStation(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		in := future(e)
		d := &draws{pairs: [][2]string{{"111111", "222222"}, {"222222", "333333"}, {"444444", "111111"}, {"555555", "666666"}}}
		orders, err := order.NewService(order.Deps{Store: ordersql.New(e.db), Stations: e.stations, Coupons: e.coupons,
			Refunds: e.refunds, Now: e.clock.Now, DrawCodes: d.next})
		if err != nil {
			t.Fatal(err)
		}
		u := e.user()
		first, err := orders.Create(e.ctx, u, in)
		if err != nil {
			t.Fatal(err)
		}
		if l := first.Lockers[0]; l.DeliveryCode != "111111" || l.PickingCode != "222222" {
			t.Fatalf("first codes %s/%s", l.DeliveryCode, l.PickingCode)
		}
		// The next two draws each hold one of the first rental's codes (as
		// either kind): the booking draws again until neither clashes.
		second, err := orders.Create(e.ctx, u, in)
		if err != nil {
			t.Fatal(err)
		}
		if l := second.Lockers[0]; l.DeliveryCode != "555555" || l.PickingCode != "666666" {
			t.Fatalf("second codes %s/%s, want 555555/666666", l.DeliveryCode, l.PickingCode)
		}
		if d.n != 4 {
			t.Fatalf("%d draws, want 4", d.n)
		}
		// What was stored is what the order says, and the station has each
		// code once.
		var n int
		if err := e.db.QueryRowContext(e.ctx, `SELECT count(*) FROM locker_codes c JOIN order_lockers ol ON ol.id = c.order_locker_id
			WHERE ol.id = $1 AND c.code IN ('555555', '666666')`, second.Lockers[0].ID).Scan(&n); err != nil || n != 2 {
			t.Fatalf("stored codes of the second rental: %d, %v", n, err)
		}
		if err := e.db.QueryRowContext(e.ctx, `SELECT count(*) FROM (SELECT code FROM locker_codes
			WHERE station_id = $1 GROUP BY code HAVING count(*) > 1) dup`, viru).Scan(&n); err != nil || n != 0 {
			t.Fatalf("codes held twice at the station: %d, %v", n, err)
		}
	})
}

func TestBookingGivesUpWhenEveryDrawClashes(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		in := future(e)
		orders, err := order.NewService(order.Deps{Store: ordersql.New(e.db), Stations: e.stations, Coupons: e.coupons,
			Refunds: e.refunds, Now: e.clock.Now, DrawCodes: func() (string, string) { return "777777", "888888" }})
		if err != nil {
			t.Fatal(err)
		}
		u := e.user()
		if _, err := orders.Create(e.ctx, u, in); err != nil {
			t.Fatal(err)
		}
		if _, err := orders.Create(e.ctx, u, in); err == nil {
			t.Fatal("a second booking with the same codes went in")
		}
		// A rental at another station may hold the same codes.
		in.StationID = tartu
		if _, err := orders.Create(e.ctx, u, in); err != nil {
			t.Fatalf("another station: %v", err)
		}
	})
}

// TestSimultaneousBookingsNeverShareACode books at one station from several
// goroutines at once, every first draw of a round the same pair, for rentals
// that overlap: on PostgreSQL each booking's check can run before the others
// commit, so without a lock on the drawn codes two rentals could both hold
// them. One keeps the pair; the others draw again. The window is short, so
// the test runs several rounds.
func TestSimultaneousBookingsNeverShareACode(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		base := future(e)
		const bookings = 6 // fewer than a booking's draws, so each ends with a free pair
		var mu sync.Mutex
		round, clashing, drawn := 0, 0, 0
		draw := func() (string, string) {
			mu.Lock()
			defer mu.Unlock()
			drawn++
			if clashing > 0 {
				clashing--
				return fmt.Sprintf("90000%d", round), fmt.Sprintf("91000%d", round)
			}
			return fmt.Sprintf("8%05d", drawn), fmt.Sprintf("7%05d", drawn)
		}
		orders, err := order.NewService(order.Deps{Store: ordersql.New(e.db), Stations: e.stations, Coupons: e.coupons,
			Refunds: e.refunds, Now: e.clock.Now, DrawCodes: draw})
		if err != nil {
			t.Fatal(err)
		}
		temperatures := []string{"cool", "neutral", "warm"} // a station has three small ones of each
		for r := range 5 {
			mu.Lock()
			round, clashing = r, bookings
			mu.Unlock()
			day := fmt.Sprintf("2027-06-%02d", 6+r)
			start := make(chan struct{})
			errs := make(chan error, bookings)
			for i := range bookings {
				in := base
				in.Start, in.End = day, day
				in.Product.Temperature = temperatures[i%len(temperatures)]
				u := e.user()
				go func() {
					<-start
					_, err := orders.Create(e.ctx, u, in)
					errs <- err
				}()
			}
			close(start)
			for range bookings {
				if err := <-errs; err != nil {
					t.Fatal(err)
				}
			}
		}
		var dup int
		if err := e.db.QueryRowContext(e.ctx, `SELECT count(*) FROM (SELECT code FROM locker_codes
			WHERE station_id = $1 AND removed_at IS NULL GROUP BY code HAVING count(*) > 1) d`, viru).Scan(&dup); err != nil || dup != 0 {
			t.Fatalf("codes held twice at the station: %d, %v", dup, err)
		}
	})
}
