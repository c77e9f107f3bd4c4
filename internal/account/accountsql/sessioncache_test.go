package accountsql_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"lockers/internal/account"
	"lockers/internal/account/accountsql"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

var fastListen = store.ListenTimings{Quiet: 200 * time.Millisecond, Proof: 5 * time.Second,
	Retry: 20 * time.Millisecond, MaxRetry: 100 * time.Millisecond}

// process is one lockerd's view of a shared PostgreSQL database: a pool of its
// own with its session cache.
type process struct {
	db *store.DB
	s  account.Storage
}

func startProcess(t *testing.T, url string) process {
	t.Helper()
	db := storetest.Open(t, url)
	t.Cleanup(accountsql.CacheSessionsWith(context.Background(), db, nil, fastListen))
	eventually(t, "the session cache hears changes", func() bool { on, _ := accountsql.SessionCacheState(db); return on })
	return process{db: db, s: accountsql.New(db)}
}

// eventually waits up to 5 s for ok, which the cross-process news needs.
func eventually(t *testing.T, what string, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); !ok(); {
		if time.Now().After(deadline) {
			t.Fatalf("not within 5 s: %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// behindTheCachesBack revokes a session without the triggers, so no process
// hears of it: a process that still answers "live" answered from its cache.
func behindTheCachesBack(t *testing.T, ctx context.Context, db *store.DB, sessionID string) {
	t.Helper()
	err := db.InTx(ctx, func(tx *store.Tx) error {
		for _, q := range []string{`ALTER TABLE sessions DISABLE TRIGGER USER`,
			`UPDATE sessions SET revoked_at = now() WHERE id = '` + sessionID + `'`,
			`ALTER TABLE sessions ENABLE TRIGGER USER`} {
			if _, err := tx.ExecContext(ctx, q); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// newLiveSession is a session that is live now, as the cache keeps only those.
func newLiveSession(t *testing.T, ctx context.Context, r account.Sessions, userID, tokenHash string) account.Session {
	t.Helper()
	s, _ := sessionAt(t, ctx, r, userID, tokenHash, time.Now().UTC().Truncate(time.Microsecond))
	return s
}

func live(ctx context.Context, p process, hash string) bool {
	s, err := session(ctx, p.s.Sessions, hash)
	return err == nil && s.RevokedAt.IsZero()
}

func TestASessionEndedInOneProcessEndsInEveryOne(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	url := storetest.MigratedPostgresURL(t)
	a, b := startProcess(t, url), startProcess(t, url)

	u := newUser(t, ctx, a.s, "cache@example.com")
	s1 := newLiveSession(t, ctx, a.s.Sessions, u.ID, hash64('1'))
	s2 := newLiveSession(t, ctx, a.s.Sessions, u.ID, hash64('2'))
	for _, p := range []process{a, b} {
		for _, h := range []string{hash64('1'), hash64('2')} {
			if !live(ctx, p, h) {
				t.Fatal("a new session is not live")
			}
		}
	}

	// The copies are used: a change nobody hears of goes unseen...
	behindTheCachesBack(t, ctx, a.db, s2.ID)
	if !live(ctx, b, hash64('2')) {
		t.Fatal("the session was read again: nothing was kept")
	}
	// ...while one that is heard ends the session at once in the process that
	// made it and, as soon as PostgreSQL delivers the news, in the other.
	endedEverywhere(t, ctx, a, b, hash64('1'), func() error { return a.s.Sessions.RevokeSession(ctx, s1.ID, t0) })

	// Roles granted and taken in another domain's transaction (the back office's):
	// this process sees them once it commits, the other once it hears.
	newLiveSession(t, ctx, a.s.Sessions, u.ID, hash64('3'))
	roles := func(p process) []string {
		_, r, err := p.s.Sessions.SessionWithRoles(ctx, hash64('3'))
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	if len(roles(a)) != 0 || len(roles(b)) != 0 {
		t.Fatal("a new user has roles")
	}
	err := a.db.InTx(ctx, func(tx *store.Tx) error {
		users, _ := accountsql.InTx(tx)
		if err := users.GrantRole(ctx, u.ID, "ADMIN"); err != nil {
			return err
		}
		if r := roles(a); len(r) != 0 {
			return fmt.Errorf("the role is seen before its transaction commits: %v", r)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if r := roles(a); !slices.Equal(r, []string{"ADMIN"}) {
		t.Fatalf("roles after the grant = %v, want [ADMIN]", r)
	}
	eventually(t, "the other process sees the new role", func() bool { return slices.Equal(roles(b), []string{"ADMIN"}) })
	if err := a.s.Users.RevokeRole(ctx, u.ID, "ADMIN"); err != nil {
		t.Fatal(err)
	}
	if r := roles(a); len(r) != 0 {
		t.Fatalf("roles after the revoke = %v, want none", r)
	}
	eventually(t, "the other process drops the role", func() bool { return len(roles(b)) == 0 })

	// Every session of the user ended in a transaction that rolls back: nothing
	// changes; committed: all end.
	boom := errors.New("boom")
	_ = a.db.InTx(ctx, func(tx *store.Tx) error {
		_, sessions := accountsql.InTx(tx)
		if err := sessions.RevokeUserSessions(ctx, u.ID, t0); err != nil {
			return err
		}
		return boom
	})
	if !live(ctx, a, hash64('3')) {
		t.Fatal("a rolled-back revocation ended the session")
	}
	endedEverywhere(t, ctx, b, a, hash64('3'), func() error { return b.s.Sessions.RevokeUserSessions(ctx, u.ID, t0) })
}

// endedEverywhere ends a session through writer and checks that writer refuses
// its token at once and other as soon as it hears.
func endedEverywhere(t *testing.T, ctx context.Context, writer, other process, hash string, end func() error) {
	t.Helper()
	if err := end(); err != nil {
		t.Fatal(err)
	}
	if live(ctx, writer, hash) {
		t.Fatal("the process that ended the session still lets it in")
	}
	eventually(t, "the other process ends the session", func() bool { return !live(ctx, other, hash) })
}

func TestALostConnectionForgetsEverySession(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	url := storetest.MigratedPostgresURL(t)
	a := startProcess(t, url)
	ctl := storetest.Open(t, url) // another pool, without a cache
	u := newUser(t, ctx, a.s, "deaf@example.com")
	s := newLiveSession(t, ctx, a.s.Sessions, u.ID, hash64('1'))
	if !live(ctx, a, hash64('1')) {
		t.Fatal("a new session is not live")
	}
	behindTheCachesBack(t, ctx, ctl, s.ID)
	if !live(ctx, a, hash64('1')) {
		t.Fatal("the session was read again: nothing was kept")
	}

	// News sent while the listening connection is down is lost, so the copies
	// made before go with it, however soon it is back.
	_, before := accountsql.SessionCacheState(a.db)
	if _, err := ctl.ExecContext(ctx, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE datname = current_database() AND application_name = 'lockerd listen lockers_sessions'`); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the cache listens on a new connection", func() bool {
		on, connections := accountsql.SessionCacheState(a.db)
		return on && connections > before
	})
	if live(ctx, a, hash64('1')) {
		t.Fatal("a copy made before the connection was lost is still served")
	}
}
