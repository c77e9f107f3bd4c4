package ratelimit

import (
	"context"
	"errors"
	"lockers/internal/clock/clocktest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"lockers/internal/ratelimit/redistest"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// eachStore runs fn on every shared store: the table on SQLite and on
// PostgreSQL, and Redis.
// Calls get a generous timeout: these tests check the store's decisions,
// and 30 concurrent row locks on a database shared with the whole suite
// can take longer than production's second.
func eachStore(t *testing.T, fn func(t *testing.T, s Store)) {
	prev := storeTimeout
	storeTimeout = 30 * time.Second
	t.Cleanup(func() { storeTimeout = prev })
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		fn(t, NewSQLStore(db.Writer(), db.Dialect() == store.Postgres))
	})
	t.Run("redis", func(t *testing.T) {
		fn(t, NewRedisStore(redistest.Client(t), "test:"+t.Name()+":"))
	})
}

// mustNotFail fails the test when a limiter fell back to memory: the
// decisions checked must be the store's.
func mustNotFail(t *testing.T) func(error) {
	return func(err error) { t.Errorf("the store failed: %v", err) }
}

// Two limiters on one store stand for two lockerd processes: the burst is
// spent across both, refills once, and other names and keys are apart.
func TestSharedKeyedCountsAcrossProcesses(t *testing.T) {
	eachStore(t, func(t *testing.T, s Store) {
		c := newClock()
		cfg := Config{Every: 10 * time.Second, Burst: 5, Now: c.Now}
		a, b := NewShared(s, mustNotFail(t)).New("login", cfg), NewShared(s, mustNotFail(t)).New("login", cfg)
		other := NewShared(s, mustNotFail(t)).New("link", cfg)
		for i := range 3 {
			if !a.Allow("10.0.0.1") {
				t.Fatalf("process A: request %d within the burst refused", i+1)
			}
		}
		for i := range 2 {
			if !b.Allow("10.0.0.1") {
				t.Fatalf("process B: request %d within the burst refused", i+4)
			}
		}
		if b.Allow("10.0.0.1") || a.Allow("10.0.0.1") {
			t.Fatal("a request beyond the shared burst was allowed")
		}
		if !a.Allow("10.0.0.2") || !other.Allow("10.0.0.1") {
			t.Fatal("another key or another limiter shares the bucket")
		}
		c.Add(9 * time.Second)
		if b.Allow("10.0.0.1") {
			t.Fatal("allowed before a token was refilled")
		}
		c.Add(time.Second)
		if !b.Allow("10.0.0.1") {
			t.Fatal("refused after a refill interval")
		}
		if a.Allow("10.0.0.1") {
			t.Fatal("one refill gave a token to each process")
		}
	})
}

// Many requests at once from two processes get exactly the burst.
func TestSharedKeyedConcurrent(t *testing.T) {
	eachStore(t, func(t *testing.T, s Store) {
		c := newClock()
		cfg := Config{Every: time.Hour, Burst: 20, Now: c.Now}
		procs := []*Keyed{NewShared(s, mustNotFail(t)).New("race", cfg), NewShared(s, mustNotFail(t)).New("race", cfg)}
		var allowed atomic.Int32
		var wg sync.WaitGroup
		for i := range 60 {
			wg.Go(func() {
				if procs[i%2].Allow("k") {
					allowed.Add(1)
				}
			})
		}
		wg.Wait()
		if got := allowed.Load(); got != 20 {
			t.Fatalf("%d requests allowed across processes, want the burst of 20", got)
		}
	})
}

// Failures from two processes add up to one lockout that both see, with its
// time left; the lock ends on time and the count starts again.
func TestSharedLockoutAcrossProcesses(t *testing.T) {
	eachStore(t, func(t *testing.T, s Store) {
		c := newClock()
		a := NewShared(s, mustNotFail(t)).NewLockout("keypad", 3, time.Minute, 2*time.Minute, c.Now)
		b := NewShared(s, mustNotFail(t)).NewLockout("keypad", 3, time.Minute, 2*time.Minute, c.Now)
		if d := a.Fail("station-1"); d != 0 {
			t.Fatalf("first failure locked for %v", d)
		}
		if d := b.Fail("station-1"); d != 0 {
			t.Fatalf("second failure locked for %v", d)
		}
		if left := a.Left("station-1"); left != 1 {
			t.Fatalf("Left = %d after two failures of 3, want 1", left)
		}
		if d := a.Fail("station-1"); d != 2*time.Minute {
			t.Fatalf("third failure locked for %v, want 2m", d)
		}
		c.Add(30 * time.Second)
		if d := b.Locked("station-1"); d != 90*time.Second {
			t.Fatalf("the other process sees the lock for %v, want 1m30s", d)
		}
		if d := b.Fail("station-1"); d != 90*time.Second {
			t.Fatalf("a failure while locked answered %v, want the time left", d)
		}
		if a.Locked("station-2") != 0 || a.Left("station-2") != 3 {
			t.Fatal("another key shares the lockout")
		}
		c.Add(90 * time.Second)
		if d := a.Locked("station-1"); d != 0 {
			t.Fatalf("still locked for %v after the lock ended", d)
		}
		if left := b.Left("station-1"); left != 3 {
			t.Fatalf("Left = %d after the lock, want 3", left)
		}
		// A window that ended forgets its failures.
		a.Fail("station-1")
		c.Add(time.Minute)
		if left := b.Left("station-1"); left != 3 {
			t.Fatalf("Left = %d after the window ended, want 3", left)
		}
	})
}

func TestSQLStorePrune(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		s := NewSQLStore(db.Writer(), db.Dialect() == store.Postgres)
		c := newClock()
		lim := NewShared(s, mustNotFail(t)).New("p", Config{Every: time.Second, Burst: 10, Now: c.Now})
		lim.Allow("old")
		c.Add(time.Minute)
		lim.Allow("new")
		if err := s.Prune(context.Background(), c.Now()); err != nil {
			t.Fatal(err)
		}
		keys := storetest.Column[string](t, db, `SELECT k FROM rate_limits`)
		if len(keys) != 1 || keys[0] != "p|new" {
			t.Fatalf("rows after pruning = %v, want only p|new", keys)
		}
	})
}

// failingStore stands for a store that is down.
type failingStore struct{}

var errDown = errors.New("store down")

func (failingStore) Take(context.Context, string, int, time.Duration, int, time.Time) (bool, error) {
	return false, errDown
}
func (failingStore) Strikes(context.Context, string) (Strikes, error) { return Strikes{}, errDown }
func (failingStore) Strike(context.Context, string, time.Time, time.Duration, func(Strikes) Strikes) (Strikes, error) {
	return Strikes{}, errDown
}

// A store that fails leaves each process its own limit, and says so.
func TestSharedFallsBackToMemory(t *testing.T) {
	c := newClock()
	var failures atomic.Int32
	shared := NewShared(failingStore{}, func(err error) {
		if errors.Is(err, errDown) {
			failures.Add(1)
		}
	})
	k := shared.New("x", Config{Every: time.Hour, Burst: 2, Now: c.Now})
	first, second, third := k.Allow("a"), k.Allow("a"), k.Allow("a") // each call takes a token
	if !first || !second || third {
		t.Fatal("the in-process bucket did not stand in for the failed store")
	}
	l := shared.NewLockout("y", 2, time.Minute, time.Minute, c.Now)
	l.Fail("a")
	if d := l.Fail("a"); d != time.Minute || l.Locked("a") != time.Minute {
		t.Fatalf("the in-process lockout did not stand in: locked %v", d)
	}
	if failures.Load() < 5 {
		t.Fatalf("onError heard %d failures, want every one", failures.Load())
	}
	var none *Shared
	if k := none.New("z", Config{Every: time.Second, Burst: 1}); k == nil || k.shared != nil {
		t.Fatal("a nil *Shared must build an in-process limiter")
	}
}

// A batch of n calls costs n tokens in every store, in memory too: two
// processes with a burst of 32 admit one batch of 32 and then nothing, a
// batch larger than what is left is refused whole, and a refill of 4
// intervals admits a batch of 4 but not 5.
func TestAllowNCostsN(t *testing.T) {
	check := func(t *testing.T, a, b *Keyed, c *clocktest.Clock) {
		if !a.AllowN("token", 20) {
			t.Fatal("a batch of 20 within the burst of 32 was refused")
		}
		if b.AllowN("token", 13) {
			t.Fatal("a batch of 13 with 12 tokens left was allowed")
		}
		if !b.AllowN("token", 12) {
			t.Fatal("a batch of the 12 tokens left was refused (the refused batch spent some)")
		}
		if a.Allow("token") {
			t.Fatal("a call beyond the burst was allowed after batches")
		}
		c.Add(4 * time.Second)
		if a.AllowN("token", 5) {
			t.Fatal("a batch of 5 allowed after a refill of 4")
		}
		if !b.AllowN("token", 4) {
			t.Fatal("a batch of 4 refused after a refill of 4")
		}
		if a.AllowN("other", 33) {
			t.Fatal("a batch larger than the burst was allowed")
		}
	}
	eachStore(t, func(t *testing.T, s Store) {
		c := newClock()
		cfg := Config{Every: time.Second, Burst: 32, Now: c.Now}
		check(t, NewShared(s, mustNotFail(t)).New("batch", cfg), NewShared(s, mustNotFail(t)).New("batch", cfg), c)
	})
	t.Run("memory", func(t *testing.T) {
		c := newClock()
		k := New(Config{Every: time.Second, Burst: 32, Now: c.Now})
		check(t, k, k, c)
	})
}
