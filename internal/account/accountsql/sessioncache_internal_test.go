package accountsql

import (
	"fmt"
	"testing"
	"time"

	"lockers/internal/account"
)

func liveSession(id, userID string, expires time.Time) account.Session {
	return account.Session{ID: id, UserID: userID, ExpiresAt: expires}
}

func TestSessionCacheKeepsOnlyWhatNoChangeOverlapped(t *testing.T) {
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	c := newSessionCache(func() time.Time { return now }, nil)
	s := liveSession("s1", "u1", now.Add(time.Hour))

	// Off (the channel not yet heard): nothing is kept.
	_, _, gen, _ := c.get("h1")
	c.put(gen, "h1", s, []string{"admin"})
	if _, _, _, ok := c.get("h1"); ok {
		t.Fatal("kept a session while the channel was not heard")
	}

	c.Listening()
	_, _, gen, _ = c.get("h1")
	c.put(gen, "h1", s, []string{"admin"})
	got, roles, _, ok := c.get("h1")
	if !ok || got.ID != "s1" || fmt.Sprint(roles) != "[admin]" {
		t.Fatalf("get = %+v %v %v, want the kept session with its roles", got, roles, ok)
	}
	roles[0] = "changed by a caller"
	if _, roles, _, _ = c.get("h1"); fmt.Sprint(roles) != "[admin]" {
		t.Fatalf("a caller changed the kept roles: %v", roles)
	}

	// A read that began before any change is not kept after it: the row it
	// read may be the one the change ended.
	_, _, gen, _ = c.get("h2")
	c.Heard(sessionChanged + "another session")
	c.put(gen, "h2", liveSession("s2", "u2", now.Add(time.Hour)), nil)
	if _, _, _, ok = c.get("h2"); ok {
		t.Fatal("kept a read that overlapped a change")
	}

	// A change to the session or its user drops it; others stay.
	for _, payload := range []string{sessionChanged + "s1", userChanged + "u1", "something else"} {
		_, _, gen, _ = c.get("h1")
		c.put(gen, "h1", s, nil)
		_, _, gen, _ = c.get("h3")
		c.put(gen, "h3", liveSession("s3", "u3", now.Add(time.Hour)), nil)
		c.forget(payload)
		if _, _, _, ok = c.get("h1"); ok {
			t.Fatalf("%q left the session kept", payload)
		}
		if _, _, _, ok = c.get("h3"); !ok && payload != "something else" {
			t.Fatalf("%q dropped another user's session", payload)
		}
	}

	// Deaf: everything is dropped and nothing is kept until heard again.
	_, _, gen, _ = c.get("h1")
	c.put(gen, "h1", s, nil)
	c.Deaf(fmt.Errorf("connection lost"))
	if _, _, _, ok = c.get("h1"); ok {
		t.Fatal("served a kept session while deaf")
	}
	_, _, gen, _ = c.get("h1")
	c.put(gen, "h1", s, nil)
	if _, _, _, ok = c.get("h1"); ok {
		t.Fatal("kept a session while deaf")
	}
}

func TestSessionCacheServesOnlyLiveSessionsForALimitedTime(t *testing.T) {
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	c := newSessionCache(func() time.Time { return now }, nil)
	c.Listening()
	keep := func(hash string, s account.Session) {
		_, _, gen, _ := c.get(hash)
		c.put(gen, hash, s, nil)
	}
	keep("expires", liveSession("s1", "u1", now.Add(time.Minute)))
	keep("revoked", account.Session{ID: "s2", UserID: "u2", ExpiresAt: now.Add(time.Hour), RevokedAt: now})
	keep("long", liveSession("s3", "u3", now.Add(time.Hour)))
	if _, _, _, ok := c.get("revoked"); ok {
		t.Fatal("kept a revoked session")
	}
	now = now.Add(cacheFor - time.Second)
	if _, _, _, ok := c.get("long"); !ok {
		t.Fatal("dropped a session before cacheFor")
	}
	now = now.Add(time.Second)
	if _, _, _, ok := c.get("long"); ok {
		t.Fatal("served a session kept for cacheFor")
	}
	now = now.Add(time.Minute)
	if _, _, _, ok := c.get("expires"); ok {
		t.Fatal("served an expired session")
	}
}

func TestSessionCacheStaysBounded(t *testing.T) {
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	c := newSessionCache(func() time.Time { return now }, nil)
	c.Listening()
	for i := range cacheMax + 10 {
		h := fmt.Sprint("h", i)
		_, _, gen, _ := c.get(h)
		c.put(gen, h, liveSession(h, "u", now.Add(time.Hour)), nil)
	}
	if len(c.entries) != cacheMax {
		t.Fatalf("%d sessions kept, want at most %d", len(c.entries), cacheMax)
	}
	now = now.Add(cacheFor) // all are stale: the next one makes room
	_, _, gen, _ := c.get("new")
	c.put(gen, "new", liveSession("new", "u", now.Add(time.Hour)), nil)
	if _, _, _, ok := c.get("new"); !ok || len(c.entries) != 1 {
		t.Fatalf("after the stale ones went: %d kept, the new one kept %v", len(c.entries), ok)
	}
}
