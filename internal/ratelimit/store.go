package ratelimit

import (
	"context"
	"time"
)

// Store keeps limiter state where every lockerd process sharing it sees the
// same counts (issue 18, "More than one machine"): PostgreSQL (SQLStore) or
// Redis (RedisStore). A limiter given a Store asks it on every decision and
// falls back to its own in-process state when the Store fails, so an outage
// of the store weakens the limits to one process's count instead of refusing
// or admitting everyone.
type Store interface {
	// Take spends n tokens of key's bucket at now and reports whether there
	// were n (none is spent otherwise). The bucket refills one token per
	// every and holds at most burst (GCRA: the same decisions as
	// golang.org/x/time/rate); n is at most burst.
	Take(ctx context.Context, key string, n int, every time.Duration, burst int, now time.Time) (bool, error)
	// Strikes reads a lockout's state (the zero value for an unknown key).
	Strikes(ctx context.Context, key string) (Strikes, error)
	// Strike applies fn to key's state atomically, keeps the result until
	// keep after now and returns it.
	Strike(ctx context.Context, key string, now time.Time, keep time.Duration, fn func(Strikes) Strikes) (Strikes, error)
}

// Strikes is a lockout's shared state: failures counted in a fixed window
// from WindowStart, and a lock in force until LockedUntil.
type Strikes struct {
	WindowStart time.Time
	Fails       int
	LockedUntil time.Time
}

// storeTimeout bounds one call to a Store: past it the decision falls back
// to memory rather than hold the request. A healthy store answers in well
// under a millisecond; a second covers a database busy with a burst. A
// variable so the tests of the store's decisions can wait on a machine
// loaded by the rest of the suite instead of measuring its speed.
var storeTimeout = time.Second

// Shared builds limiters whose state lives in one Store under a name each.
// A nil *Shared builds in-process limiters, so callers need no branch for a
// single process.
type Shared struct {
	store   Store
	onError func(error)
}

// NewShared builds limiters on store; onError (may be nil) hears every
// store failure that made a limiter fall back to its own memory.
func NewShared(store Store, onError func(error)) *Shared {
	if store == nil {
		return nil
	}
	if onError == nil {
		onError = func(error) {}
	}
	return &Shared{store: store, onError: onError}
}

// New is ratelimit.New with the buckets in the Store under name (unique per
// limiter: the address limit and the account limit must not share keys).
func (s *Shared) New(name string, c Config) *Keyed {
	k := New(c)
	if k != nil && s != nil {
		k.shared, k.name, k.onError = s.store, name+"|", s.onError
	}
	return k
}

// NewLockout is ratelimit.NewLockout with the strikes in the Store under name.
func (s *Shared) NewLockout(name string, max int, window, lock time.Duration, now func() time.Time) *Lockout {
	l := NewLockout(max, window, lock, now)
	if s != nil {
		l.shared, l.name, l.onError = s.store, name+"|", s.onError
	}
	return l
}

func storeContext() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), storeTimeout)
}
