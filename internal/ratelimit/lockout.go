package ratelimit

import (
	"sync"
	"time"
)

// Lockout counts failures per key (wrong keypad codes) and locks a key out for
// a while once it failed Max times within Window, so a 6-digit space cannot be
// walked. Unlike Keyed it says how long the lock lasts, for a countdown on the
// screen. A nil *Lockout never locks.
type Lockout struct {
	max    int
	window time.Duration
	lock   time.Duration
	now    func() time.Time
	mu     sync.Mutex
	keys   map[string]*strikes
	swept  time.Time

	// shared, when set (Shared.NewLockout), keeps the strikes instead of keys,
	// which then only stand in while the store fails (sharedlockout.go).
	shared  Store
	name    string
	onError func(error)
}

type strikes struct {
	fails       []time.Time // within the window, oldest first
	lockedUntil time.Time
}

// NewLockout locks a key for lock after max failures within window; now is the
// clock (nil: time.Now).
func NewLockout(max int, window, lock time.Duration, now func() time.Time) *Lockout {
	if now == nil {
		now = time.Now
	}
	return &Lockout{max: max, window: window, lock: lock, now: now, keys: map[string]*strikes{}, swept: now()}
}

// Locked returns how long key stays locked out (0: not locked).
func (l *Lockout) Locked(key string) time.Duration {
	if l == nil {
		return 0
	}
	now := l.now()
	if d, ok := l.sharedLocked(key, now); ok {
		return d
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if s, ok := l.keys[key]; ok && now.Before(s.lockedUntil) {
		return s.lockedUntil.Sub(now)
	}
	return 0
}

// Fail records one failure of key and returns how long it is locked out now
// (0 while it has failures to spare).
func (l *Lockout) Fail(key string) time.Duration {
	if l == nil {
		return 0
	}
	now := l.now()
	if d, ok := l.sharedFail(key, now); ok {
		return d
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.swept) > l.window+l.lock {
		l.sweep(now)
	}
	s, ok := l.keys[key]
	if !ok {
		s = &strikes{}
		l.keys[key] = s
	}
	if now.Before(s.lockedUntil) {
		return s.lockedUntil.Sub(now)
	}
	kept := s.fails[:0]
	for _, t := range s.fails {
		if now.Sub(t) < l.window {
			kept = append(kept, t)
		}
	}
	s.fails = append(kept, now)
	if len(s.fails) >= l.max {
		s.fails = s.fails[:0]
		s.lockedUntil = now.Add(l.lock)
		return l.lock
	}
	return 0
}

// Clear forgets key's failures and lifts its lock (a successful sign-in, an
// owner's unlock link), in the store too when the lockout is shared.
func (l *Lockout) Clear(key string) {
	if l == nil {
		return
	}
	l.sharedClear(key, l.now())
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.keys, key)
}

// Left is how many more failures key may make before it is locked out.
func (l *Lockout) Left(key string) int {
	if l == nil {
		return 1 << 30
	}
	now := l.now()
	if n, ok := l.sharedLeft(key, now); ok {
		return n
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	s, ok := l.keys[key]
	if !ok {
		return l.max
	}
	n := 0
	for _, t := range s.fails {
		if now.Sub(t) < l.window {
			n++
		}
	}
	return l.max - n
}

// sweep drops keys with no recent failure and no lock.
func (l *Lockout) sweep(now time.Time) {
	for k, s := range l.keys {
		if !now.Before(s.lockedUntil) && (len(s.fails) == 0 || now.Sub(s.fails[len(s.fails)-1]) >= l.window) {
			delete(l.keys, k)
		}
	}
	l.swept = now
}
