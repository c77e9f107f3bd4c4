package accountsql

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"

	"lockers/internal/account"
	"lockers/internal/store"
)

// The session cache. Every API call authenticates, and on PostgreSQL reading
// the session was a tenth of a booking's cost
// (docs/decisions/081-several-processes.md). A copy kept in the process must
// still end with the session everywhere at once:
//   - this process forgets a session or a user's sessions right after its own
//     transaction that ended them or changed the user's roles commits;
//   - every process hears the others' changes on sessionChannel: triggers on
//     sessions and user_roles (migration 00033) notify in the writing
//     transaction, so PostgreSQL delivers the news exactly when it commits;
//   - while that channel is not proven (a notification sent through the pool
//     must come back: on connecting and after 5 s without news) nothing is
//     cached and every call reads the table;
//   - a read that overlapped any change is not kept (the generation moved), so
//     a row read just before a revocation is not cached after its news;
//   - a copy lives at most cacheFor, a bound for the one case nothing reports at
//     once: a connection that stopped delivering, until its next proof fails
//     (within 7 s, store.DefaultListenTimings);
//   - only live sessions are kept, and a kept one is served only while live:
//     a session extended since (TouchSession) is simply read again.
//
// SQLite keeps no copy: there is one process per database file, and its reads
// are local.
const (
	sessionChannel = "lockers_sessions"
	cacheFor       = 10 * time.Second
	cacheMax       = 10_000
)

// sessionCaches holds the cache of each database that has one (CacheSessions):
// every accountsql repository on that database, including those inside another
// domain's transaction (InTx), forgets through it.
var sessionCaches sync.Map // *store.DB → *sessionCache

// CacheSessions keeps the sessions of db's API calls in this process, on
// PostgreSQL, until the returned stop is called; on SQLite it does nothing.
func CacheSessions(ctx context.Context, db *store.DB, log *slog.Logger) (stop func()) {
	return cacheSessions(ctx, db, log, store.DefaultListenTimings)
}

func cacheSessions(ctx context.Context, db *store.DB, log *slog.Logger, t store.ListenTimings) (stop func()) {
	if db.Dialect() != store.Postgres {
		return func() {}
	}
	c := newSessionCache(time.Now, log)
	sessionCaches.Store(db, c)
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = store.Listen(ctx, db, sessionChannel, c, t) // ends with ctx
	}()
	return func() {
		cancel()
		<-done
		sessionCaches.CompareAndDelete(db, c)
	}
}

// cacheOf is db's session cache, nil when it has none.
func cacheOf(db *store.DB) *sessionCache {
	if c, ok := sessionCaches.Load(db); ok {
		return c.(*sessionCache)
	}
	return nil
}

type sessionCache struct {
	now func() time.Time
	log *slog.Logger

	mu          sync.Mutex
	on          bool   // the channel is proven up
	connections int    // the connections it has listened on
	gen         uint64 // moves with every change heard and every state change
	entries     map[string]cachedSession
}

type cachedSession struct {
	s     account.Session
	roles []string
	until time.Time
}

func newSessionCache(now func() time.Time, log *slog.Logger) *sessionCache {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &sessionCache{now: now, log: log, entries: map[string]cachedSession{}}
}

// readThrough answers the session of hash and its roles from the cache, or
// from read, keeping what read answered; a nil cache always reads.
func (c *sessionCache) readThrough(hash string, read func() (account.Session, []string, error)) (account.Session, []string, error) {
	if c == nil {
		return read()
	}
	s, roles, gen, ok := c.get(hash)
	if ok {
		return s, roles, nil
	}
	s, roles, err := read()
	if err == nil {
		c.put(gen, hash, s, roles)
	}
	return s, roles, err
}

// get answers a kept live session of the token hash, or the generation to hand
// to put after reading the table.
func (c *sessionCache) get(hash string) (account.Session, []string, uint64, bool) {
	now := c.now()
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[hash]
	if !c.on || !ok || !now.Before(e.until) || !e.s.Live(now) {
		return account.Session{}, nil, c.gen, false
	}
	return e.s, slices.Clone(e.roles), c.gen, true
}

// put keeps what the table answered for hash, unless anything changed since
// get gave gen.
func (c *sessionCache) put(gen uint64, hash string, s account.Session, roles []string) {
	now := c.now()
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.on || gen != c.gen || !s.Live(now) {
		return
	}
	if len(c.entries) >= cacheMax {
		for h, e := range c.entries {
			if !now.Before(e.until) {
				delete(c.entries, h)
			}
		}
		if len(c.entries) >= cacheMax {
			return
		}
	}
	c.entries[hash] = cachedSession{s: s, roles: slices.Clone(roles), until: now.Add(cacheFor)}
}

// Payloads of sessionChannel, as the migration's triggers send them.
const (
	sessionChanged = "s:" // + session id: revoked, shortened or deleted
	userChanged    = "u:" // + user id: roles changed, or all sessions ended
)

// forget drops what a change makes stale and moves the generation.
func (c *sessionCache) forget(payload string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	session, isSession := strings.CutPrefix(payload, sessionChanged)
	user, isUser := strings.CutPrefix(payload, userChanged)
	if !isSession && !isUser { // not ours to read: assume the worst
		clear(c.entries)
		return
	}
	for h, e := range c.entries {
		if isSession && e.s.ID == session || isUser && e.s.UserID == user {
			delete(c.entries, h)
		}
	}
}

// Listening, Deaf and Heard make the cache a store.Listener.
func (c *sessionCache) Listening() {
	_, n := c.set(true)
	c.log.Info("session cache on: changes to sessions are heard", "connection", n)
}

func (c *sessionCache) Deaf(err error) {
	// News when it was on, or when the first connection failed.
	if wasOn, n := c.set(false); (wasOn || n == 0) && !errors.Is(err, context.Canceled) {
		c.log.Warn("session cache off until changes to sessions are heard again", "err", err)
	}
}

func (c *sessionCache) Heard(payload string) { c.forget(payload) }

// set switches the cache on or off, empty either way; it answers whether it
// was on and how many connections it has listened on.
func (c *sessionCache) set(on bool) (wasOn bool, connections int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	clear(c.entries)
	wasOn, c.on = c.on, on
	if on {
		c.connections++
	}
	return wasOn, c.connections
}

// execChanging runs a write that can end sessions or change roles, and has
// the session cache forget what it makes stale once it is committed.
func (c conn) execChanging(ctx context.Context, payload, query string, args ...any) error {
	_, err := c.exec(ctx, query, args...)
	if err == nil {
		c.changed(payload)
	}
	return err
}

// changed has the cache of c's database forget what a write of c makes
// stale, once that write is committed (payload as sessionChannel's).
func (c conn) changed(payload string) {
	if cache := cacheOf(c.base()); cache != nil {
		store.AfterCommit(c.q, func() { cache.forget(payload) })
	}
}

// base is the database c works on, inside a transaction or not.
func (c conn) base() *store.DB {
	if c.db != nil {
		return c.db
	}
	if tx, ok := c.q.(*store.Tx); ok {
		return tx.DB()
	}
	return nil
}
