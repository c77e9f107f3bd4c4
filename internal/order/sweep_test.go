package order_test

import (
	"slices"
	"sync"
	"testing"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/clock/clocktest"
	"lockers/internal/order"
)

func TestSweepReleasesHoldsAfterFifteenMinutes(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		in := input()
		in.Count = 3
		o := e.create(u, in)
		e.clock.Add(order.HoldFor - time.Second)
		if n, err := e.orders.Sweep(e.ctx); err != nil || n.Released != 0 {
			t.Fatalf("sweep before the hold ran out: %+v, %v", n, err)
		}
		_, err := e.orders.Create(e.ctx, e.user(), input())
		wantCode(t, err, apperr.LockersNotAvailable)

		e.clock.Add(time.Second)
		n, err := e.orders.Sweep(e.ctx)
		if err != nil || n.Released != 1 {
			t.Fatalf("sweep: %+v, %v", n, err)
		}
		got, _ := e.orders.Get(e.ctx, u, o.ID)
		if got.Status != order.Unfinished {
			t.Fatalf("status %s, want unfinished", got.Status)
		}
		e.create(e.user(), input()) // free again
	})
}

func TestSweepReleasesUnpaidOrders(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		o := e.booked(u, input())
		e.clock.Add(order.HoldFor)
		if n, err := e.orders.Sweep(e.ctx); err != nil || n.Released != 1 {
			t.Fatalf("sweep: %+v, %v", n, err)
		}
		got, _ := e.orders.Get(e.ctx, u, o.ID)
		if got.Status != order.Unfinished {
			t.Fatalf("status %s", got.Status)
		}
	})
}

func TestSweepMovesOrdersThroughTheirLife(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		u := e.user()
		e.grant(u, "NEXT5", 5)
		o := e.booked(u, input())
		later := input()
		later.Start, later.End = "2026-06-20", "2026-06-20"
		b := e.booked(u, later)
		status := func() order.Status {
			got, err := e.orders.Get(e.ctx, u, o.ID)
			if err != nil {
				t.Fatal(err)
			}
			return got.Status
		}
		steps := []struct {
			at   time.Time
			want order.Status
		}{
			{o.Start.Add(-time.Minute), order.Booked},
			{o.Start, order.Active},
			{o.End.Add(-time.Minute), order.Active},
			{o.End, order.Expired},
			{o.End.Add(order.FinalizeAfter - time.Minute), order.Expired},
			{o.End.Add(order.FinalizeAfter), order.Finalized},
		}
		for _, s := range steps {
			e.clock.Set(s.at)
			n, err := e.orders.Sweep(e.ctx)
			if err != nil {
				t.Fatal(err)
			}
			if got := status(); got != s.want {
				t.Fatalf("at %v: status %s, want %s", s.at, got, s.want)
			}
			// The finalized order is named, so its invoices can be settled.
			if s.want == order.Finalized && !slices.Equal(n.FinalizedIDs, []string{o.ID}) {
				t.Fatalf("finalized ids %v, want [%s]", n.FinalizedIDs, o.ID)
			}
		}
		// An order that was never swept while running goes straight to expired.
		e.clock.Set(b.End.Add(time.Hour))
		n, err := e.orders.Sweep(e.ctx)
		if err != nil || n.Expired != 1 || n.Started != 0 {
			t.Fatalf("sweep %+v, %v", n, err)
		}
	})
}

// Several server processes sweep at once: every due order is released exactly
// once and the counts add up.
func TestConcurrentSweepsReleaseEachOrderOnce(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		const orders = 30
		for i := range orders {
			in := input()
			in.Start = clocktest.Day(start, clocktest.Tallinn, 1+i)
			in.End = in.Start
			e.create(e.user(), in)
		}
		e.clock.Add(order.HoldFor)
		var (
			wg    sync.WaitGroup
			mu    sync.Mutex
			total int
		)
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				n, err := e.orders.Sweep(e.ctx)
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				total += n.Released
				mu.Unlock()
			}()
		}
		wg.Wait()
		if total != orders {
			t.Fatalf("released %d in total, want %d", total, orders)
		}
		var live int
		if err := e.db.QueryRowContext(e.ctx, `SELECT count(*) FROM order_lockers WHERE live`).Scan(&live); err != nil || live != 0 {
			t.Fatalf("%d lockers still held (%v)", live, err)
		}
	})
}
