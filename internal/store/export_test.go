package store

// SetListenURL points Listen's connection at another database than the pool's,
// so that what the pool sends is never heard (as behind a pooler in transaction mode).
func SetListenURL(db *DB, url string) { db.url = url }
