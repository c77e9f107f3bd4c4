package ratelimit

import "time"

// A shared Lockout counts failures in a fixed window that opens at a key's
// first failure, instead of the sliding window of the in-process one: one
// read-modify-write of three numbers per failure in the store. A burst that
// straddles two windows may get up to 2·max-1 failures before the lock; the
// limits are sized with room for that (hardware.ClientFailures, ...).

// sharedLocked is Locked from the store; ok is false when there is no store
// or it failed (the caller then answers from memory).
func (l *Lockout) sharedLocked(key string, now time.Time) (time.Duration, bool) {
	s, ok := l.sharedStrikes(key)
	if !ok {
		return 0, false
	}
	return lockLeft(s, now), true
}

// sharedLeft is Left from the store.
func (l *Lockout) sharedLeft(key string, now time.Time) (int, bool) {
	s, ok := l.sharedStrikes(key)
	if !ok {
		return 0, false
	}
	if s.WindowStart.IsZero() || !now.Before(s.WindowStart.Add(l.window)) {
		return l.max, true
	}
	return l.max - s.Fails, true
}

// sharedFail is Fail in the store.
func (l *Lockout) sharedFail(key string, now time.Time) (time.Duration, bool) {
	if l.shared == nil {
		return 0, false
	}
	ctx, cancel := storeContext()
	defer cancel()
	s, err := l.shared.Strike(ctx, l.name+key, now, l.window+l.lock, func(s Strikes) Strikes {
		return l.strike(s, now)
	})
	if err != nil {
		l.onError(err)
		return 0, false
	}
	return lockLeft(s, now), true
}

// sharedClear empties key's strikes in the store (a failing store is only
// logged: the lock then ends by itself).
func (l *Lockout) sharedClear(key string, now time.Time) {
	if l.shared == nil {
		return
	}
	ctx, cancel := storeContext()
	defer cancel()
	if _, err := l.shared.Strike(ctx, l.name+key, now, l.window+l.lock, func(Strikes) Strikes { return Strikes{} }); err != nil {
		l.onError(err)
	}
}

func (l *Lockout) sharedStrikes(key string) (Strikes, bool) {
	if l.shared == nil {
		return Strikes{}, false
	}
	ctx, cancel := storeContext()
	defer cancel()
	s, err := l.shared.Strikes(ctx, l.name+key)
	if err != nil {
		l.onError(err)
		return Strikes{}, false
	}
	return s, true
}

// strike is one failure at now: nothing changes while locked; otherwise it
// counts in the current window (a new one when the last is over) and locks
// the key on the max-th.
func (l *Lockout) strike(s Strikes, now time.Time) Strikes {
	if now.Before(s.LockedUntil) {
		return s
	}
	if s.WindowStart.IsZero() || !now.Before(s.WindowStart.Add(l.window)) {
		s.WindowStart, s.Fails = now, 0
	}
	s.Fails++
	if s.Fails >= l.max {
		return Strikes{LockedUntil: now.Add(l.lock)}
	}
	return s
}

func lockLeft(s Strikes, now time.Time) time.Duration {
	if now.Before(s.LockedUntil) {
		return s.LockedUntil.Sub(now)
	}
	return 0
}
