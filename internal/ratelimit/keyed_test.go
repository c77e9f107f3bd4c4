package ratelimit

import (
	"fmt"
	"lockers/internal/clock/clocktest"
	"sync"
	"testing"
	"time"
)

func newClock() *clocktest.Clock {
	return clocktest.NewClock(time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC))
}

func TestKeyedBurstThenRefill(t *testing.T) {
	c := newClock()
	k := New(Config{Every: 10 * time.Second, Burst: 3, Now: c.Now})
	for i := range 3 {
		if !k.Allow("a") {
			t.Fatalf("request %d within burst refused", i+1)
		}
	}
	if k.Allow("a") {
		t.Fatal("request beyond burst allowed")
	}
	if !k.Allow("b") {
		t.Fatal("another key shares the bucket")
	}
	c.Add(9 * time.Second)
	if k.Allow("a") {
		t.Fatal("allowed before a token was refilled")
	}
	c.Add(time.Second)
	if !k.Allow("a") {
		t.Fatal("refused after a refill interval")
	}
	if k.Allow("a") {
		t.Fatal("refill gave more than one token")
	}
}

func TestKeyedEvictsIdleKeys(t *testing.T) {
	c := newClock()
	k := New(Config{Every: time.Second, Burst: 2, IdleTTL: time.Minute, Now: c.Now})
	for i := range 100 {
		k.Allow(fmt.Sprint("k", i))
	}
	if got := k.Len(); got != 100 {
		t.Fatalf("Len = %d, want 100", got)
	}
	c.Add(30 * time.Second)
	k.Allow("fresh")
	if got := k.Len(); got != 101 {
		t.Fatalf("keys evicted before their TTL: Len = %d", got)
	}
	c.Add(31 * time.Second)
	k.Allow("fresh")
	if got := k.Len(); got != 1 {
		t.Fatalf("after TTL Len = %d, want 1 (only the recently used key)", got)
	}
}

func TestKeyedEvictionKeepsDecisions(t *testing.T) {
	c := newClock()
	k := New(Config{Every: time.Second, Burst: 2, Now: c.Now}) // TTL defaults to 2s
	k.Allow("a")
	k.Allow("a")
	if k.Allow("a") {
		t.Fatal("over burst allowed")
	}
	c.Add(2 * time.Second)
	first, second := k.Allow("a"), k.Allow("a") // each call takes a token
	if !first || !second {
		t.Fatal("a key idle for its TTL must have a full bucket")
	}
}

func TestDisabledLimiterAllowsAll(t *testing.T) {
	for _, cfg := range []Config{{}, {Every: time.Second}, {Burst: 3}, PerMinute(0)} {
		k := New(cfg)
		if k != nil {
			t.Fatalf("New(%+v) = non-nil, want disabled", cfg)
		}
		for range 10 {
			if !k.Allow("x") {
				t.Fatal("nil limiter refused")
			}
		}
	}
}

func TestPerMinute(t *testing.T) {
	got := PerMinute(6)
	if got.Every != 10*time.Second || got.Burst != 6 {
		t.Fatalf("PerMinute(6) = %+v", got)
	}
}

func TestKeyedConcurrent(t *testing.T) {
	c := newClock()
	k := New(Config{Every: time.Hour, Burst: 50, Now: c.Now})
	var wg sync.WaitGroup
	var mu sync.Mutex
	allowed := 0
	for range 8 {
		wg.Go(func() {
			for range 20 {
				if k.Allow("shared") {
					mu.Lock()
					allowed++
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	if allowed != 50 {
		t.Fatalf("allowed %d of 160 concurrent requests, want exactly the burst 50", allowed)
	}
}
