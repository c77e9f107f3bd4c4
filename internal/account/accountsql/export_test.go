package accountsql

import "lockers/internal/store"

// CacheSessionsWith is CacheSessions with the listener's timings of a test.
var CacheSessionsWith = cacheSessions

// SessionCacheOn reports whether db's session cache hears changes and keeps sessions.
func SessionCacheOn(db *store.DB) bool {
	c := cacheOf(db)
	if c == nil {
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.on
}

// SessionCacheConnections counts the connections db's session cache has listened on.
func SessionCacheConnections(db *store.DB) int {
	c := cacheOf(db)
	if c == nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.connections
}
