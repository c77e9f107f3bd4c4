package order_test

import (
	"sync"
	"testing"

	"lockers/internal/apperr"
	"lockers/internal/order"
	"lockers/internal/station"
)

// raceFor starts n bookings of in at once, each by its own user, and returns
// the orders that won and the codes of the refusals.
func (e *env) raceFor(n int, in order.CreateInput) (won []order.Order, refused map[apperr.Code]int) {
	e.t.Helper()
	users := make([]string, n)
	for i := range users {
		users[i] = e.user()
	}
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		ready = make(chan struct{})
	)
	refused = map[apperr.Code]int{}
	for _, u := range users {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-ready
			o, err := e.orders.Create(e.ctx, u, in)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				refused[apperr.CodeOf(err)]++
				if _, ok := apperr.As(err); !ok {
					e.t.Errorf("internal error: %v", err)
				}
				return
			}
			won = append(won, o)
		}()
	}
	close(ready)
	wg.Wait()
	return won, refused
}

func TestConcurrentBookingsOfTheLastFreeLockerHaveOneWinner(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		in := input()
		in.Count = 2
		e.create(e.user(), in) // two of the three small neutral lockers
		in.Count = 1
		const n = 60
		won, refused := e.raceFor(n, in)
		if len(won) != 1 || refused[apperr.LockersNotAvailable] != n-1 {
			t.Fatalf("%d won, refusals %v; want 1 winner and %d LOCKERS_NOT_AVAILABLE", len(won), refused, n-1)
		}
		if e.overlaps() != 0 {
			t.Fatal("double booking")
		}
	})
}

func TestConcurrentBookingsFillEveryLockerOnce(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		in := input()
		in.Product = station.Product{Height: "small", Type: "standard", Temperature: "warm"}
		const n = 50
		won, refused := e.raceFor(n, in)
		if len(won) != 3 || refused[apperr.LockersNotAvailable] != n-3 {
			t.Fatalf("%d won, refusals %v; want all 3 lockers booked once", len(won), refused)
		}
		seen := map[string]bool{}
		for _, o := range won {
			if seen[o.Lockers[0].LockerID] {
				t.Fatalf("locker %s booked twice", o.Lockers[0].Label)
			}
			seen[o.Lockers[0].LockerID] = true
		}
		if e.overlaps() != 0 {
			t.Fatal("double booking")
		}
	})
}

// Overlapping but different timeframes race for one locker: whatever wins, the
// database holds no two overlapping live bookings of it.
func TestConcurrentOverlappingTimeframesNeverDoubleBook(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		if _, err := e.db.ExecContext(e.ctx, `UPDATE lockers SET state = 'out_of_service'
			WHERE station_id = $1 AND height = 'big' AND temperature = 'warm' AND label <> 'A14'`, viru); err != nil {
			t.Fatal(err)
		}
		frames := [][2]string{
			{"2026-06-06T08:00", "2026-06-06T12:00"}, {"2026-06-06T10:00", "2026-06-06T14:00"},
			{"2026-06-06T11:59", "2026-06-06T16:00"}, {"2026-06-06T13:00", "2026-06-06T18:00"},
			{"2026-06-06T06:00", "2026-06-06T09:00"},
		}
		var wg sync.WaitGroup
		for i := range 60 {
			wg.Add(1)
			u := e.user()
			go func() {
				defer wg.Done()
				in := input()
				in.Product = station.Product{Height: "big", Type: "standard", Temperature: "warm"}
				in.Start, in.End = frames[i%len(frames)][0], frames[i%len(frames)][1]
				if _, err := e.orders.Create(e.ctx, u, in); err != nil && apperr.CodeOf(err) != apperr.LockersNotAvailable {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if e.overlaps() != 0 {
			t.Fatal("double booking")
		}
		var live int
		if err := e.db.QueryRowContext(e.ctx, `SELECT count(*) FROM order_lockers WHERE live`).Scan(&live); err != nil || live < 2 {
			t.Fatalf("%d bookings survived (%v); at least two of the frames are disjoint", live, err)
		}
	})
}

// The idempotency key holds under concurrency too: one order per key.
func TestConcurrentRetriesWithOneKeyMakeOneOrder(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		in := input()
		in.IdempotencyKey = "double-click"
		var (
			wg  sync.WaitGroup
			mu  sync.Mutex
			ids = map[string]bool{}
		)
		for range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				o, err := e.orders.Create(e.ctx, u, in)
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				ids[o.ID] = true
				mu.Unlock()
			}()
		}
		wg.Wait()
		if len(ids) != 1 {
			t.Fatalf("%d orders for one key", len(ids))
		}
	})
}
