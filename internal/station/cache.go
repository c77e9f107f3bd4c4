package station

import (
	"context"
	"sync"
	"time"
)

// CacheFor is how long Cached keeps a station row.
const CacheFor = 5 * time.Second

// Cached returns store with Station answered from memory for up to ttl after
// each read. Every booking reads its station, and station rows change rarely:
// this server never writes them (the demo seed only inserts, before serving),
// so a change made elsewhere (SQL by an operator, another process) reaches
// this process within ttl; until then a station just switched off may still
// take bookings, as it would have a moment earlier. Unknown stations are not
// kept, so ids sent by clients cannot grow the cache beyond the stations that
// exist.
func Cached(store Store, ttl time.Duration) Store {
	// The wall clock, not the services' (which may be test clocks set to a
	// booking's day): the cache's age is real time.
	return CachedClock(store, ttl, time.Now)
}

// CachedClock is Cached with the clock the ttl is measured on (tests).
func CachedClock(store Store, ttl time.Duration, now func() time.Time) Store {
	return &cachedStore{Store: store, ttl: ttl, now: now, rows: map[string]cachedStation{}}
}

type cachedStore struct {
	Store
	ttl  time.Duration
	now  func() time.Time
	mu   sync.Mutex
	rows map[string]cachedStation
}

type cachedStation struct {
	st      Station
	expires time.Time
}

func (c *cachedStore) Station(ctx context.Context, id string) (Station, error) {
	c.mu.Lock()
	e, ok := c.rows[id]
	c.mu.Unlock()
	if ok && c.now().Before(e.expires) {
		return e.st, nil
	}
	st, err := c.Store.Station(ctx, id)
	if err != nil {
		return st, err
	}
	c.mu.Lock()
	c.rows[id] = cachedStation{st: st, expires: c.now().Add(c.ttl)}
	c.mu.Unlock()
	return st, nil
}
