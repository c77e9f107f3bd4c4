// Package ratelimit holds token-bucket limiters keyed by a string (a client address,
// an account, a session), built on golang.org/x/time/rate. Keys that stay idle are
// evicted so a flood of distinct keys cannot grow memory without bound.
package ratelimit

import (
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Config describes one keyed limiter.
type Config struct {
	// Every is the refill interval: one more request is allowed per Every.
	Every time.Duration
	// Burst is how many requests a fresh key may make at once.
	Burst int
	// IdleTTL is how long an untouched key is kept. A key idle that long has a full
	// bucket again anyway, so dropping it changes no decision. Default: Every*Burst.
	IdleTTL time.Duration
	// Now is the clock (tests inject one; default time.Now).
	Now func() time.Time
}

// Keyed is a set of token buckets, one per key. The zero value is not usable; build
// one with New. A nil *Keyed allows everything, so a disabled limit needs no branch.
type Keyed struct {
	limit     rate.Limit
	burst     int
	ttl       time.Duration
	now       func() time.Time
	mu        sync.Mutex
	buckets   map[string]*bucket
	lastSweep time.Time

	// shared, when set (Shared.New), decides instead of the buckets above,
	// which then only stand in while the store fails.
	shared  Store
	name    string // the limiter's prefix of keys in the store
	every   time.Duration
	onError func(error)
}

type bucket struct {
	lim  *rate.Limiter
	seen time.Time
}

// New builds a keyed limiter. Every <= 0 or Burst <= 0 disables it (returns nil).
func New(c Config) *Keyed {
	if c.Every <= 0 || c.Burst <= 0 {
		return nil
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.IdleTTL <= 0 {
		c.IdleTTL = c.Every * time.Duration(c.Burst)
	}
	return &Keyed{
		limit:     rate.Every(c.Every),
		every:     c.Every,
		burst:     c.Burst,
		ttl:       c.IdleTTL,
		now:       c.Now,
		buckets:   make(map[string]*bucket),
		lastSweep: c.Now(),
	}
}

// PerMinute is a Config allowing n requests per minute with a burst of n.
func PerMinute(n int) Config {
	if n <= 0 {
		return Config{}
	}
	return Config{Every: time.Minute / time.Duration(n), Burst: n}
}

// Allow reports whether one more request for key may proceed now, and spends a
// token when it may.
func (k *Keyed) Allow(key string) bool { return k.AllowN(key, 1) }

// AllowN reports whether n more calls for key may proceed now, and spends n
// tokens when they may: a batch of n procedure calls costs n, as n single
// requests would. It never spends part of n; n beyond the burst is refused.
func (k *Keyed) AllowN(key string, n int) bool {
	if k == nil || n <= 0 {
		return true
	}
	if n > k.burst {
		return false
	}
	now := k.now()
	if k.shared != nil {
		ctx, cancel := storeContext()
		ok, err := k.shared.Take(ctx, k.name+key, n, k.every, k.burst, now)
		cancel()
		if err == nil {
			return ok
		}
		k.onError(err)
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if now.Sub(k.lastSweep) >= k.ttl {
		k.sweep(now)
	}
	b, ok := k.buckets[key]
	if !ok {
		b = &bucket{lim: rate.NewLimiter(k.limit, k.burst)}
		k.buckets[key] = b
	}
	b.seen = now
	return b.lim.AllowN(now, n)
}

// Len is the number of keys currently held (for tests and metrics).
func (k *Keyed) Len() int {
	if k == nil {
		return 0
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	return len(k.buckets)
}

// sweep drops keys idle for at least the TTL. It runs at most once per TTL, so its
// cost is spread over all the calls in between.
func (k *Keyed) sweep(now time.Time) {
	for key, b := range k.buckets {
		if now.Sub(b.seen) >= k.ttl {
			delete(k.buckets, key)
		}
	}
	k.lastSweep = now
}
