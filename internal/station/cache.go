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
	return &cachedStore{Store: store, ttl: ttl, rows: map[string]cachedStation{}}
}

type cachedStore struct {
	Store
	ttl  time.Duration
	mu   sync.Mutex
	rows map[string]cachedStation
}

type cachedStation struct {
	st      Station
	expires time.Time // monotonic: the services' clocks may be test clocks
}

func (c *cachedStore) Station(ctx context.Context, id string) (Station, error) {
	c.mu.Lock()
	e, ok := c.rows[id]
	c.mu.Unlock()
	if ok && time.Now().Before(e.expires) {
		return e.st, nil
	}
	st, err := c.Store.Station(ctx, id)
	if err != nil {
		return st, err
	}
	c.mu.Lock()
	c.rows[id] = cachedStation{st: st, expires: time.Now().Add(c.ttl)}
	c.mu.Unlock()
	return st, nil
}
