package accountsql

import "lockers/internal/store"

// CacheSessionsWith is CacheSessions with the listener's timings of a test.
var CacheSessionsWith = cacheSessions

// SessionCacheState reports whether db's session cache hears changes and keeps
// sessions, and how many connections it has listened on.
func SessionCacheState(db *store.DB) (on bool, connections int) {
	c := cacheOf(db)
	if c == nil {
		return false, 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.on, c.connections
}
