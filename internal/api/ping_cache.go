package api

import (
	"context"
	"sync"
	"time"
)

// pingTTL is how long one database check answers system.health. The procedure is
// public, so without it every caller (or a flood of them) would cost a database
// round trip; /readyz, which orchestrators use, still checks every time.
const pingTTL = time.Second

// pingCache remembers the last database check for pingTTL.
type pingCache struct {
	ping func(context.Context) error
	now  func() time.Time

	mu      sync.Mutex
	checked time.Time
	healthy bool
}

func newPingCache(d Deps) *pingCache { return &pingCache{ping: d.Ping, now: d.now} }

// ok reports whether the database answered its latest check, checking again
// when that is older than pingTTL. Concurrent callers share one check.
func (c *pingCache) ok(ctx context.Context) bool {
	if c.ping == nil {
		return true
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if now := c.now(); c.checked.IsZero() || now.Sub(c.checked) >= pingTTL || now.Before(c.checked) {
		ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		defer cancel()
		c.healthy = c.ping(ctx) == nil
		c.checked = c.now()
	}
	return c.healthy
}
