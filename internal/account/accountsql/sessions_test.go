package accountsql_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"lockers/internal/account"
	"lockers/internal/account/accountsql"
	"lockers/internal/store"
)

func TestSessionLifecycle(t *testing.T) {
	each(t, func(t *testing.T, ctx context.Context, s *accountsql.Store, db *store.DB) {
		u := newUser(t, ctx, s, "s@example.ee")
		sess, d := newSession(t, ctx, s, u.ID, hash64('1'))

		got, err := s.SessionByTokenHash(ctx, hash64('1'))
		must(t, err)
		if got.ID != sess.ID || got.UserID != u.ID || got.DeviceID != d.ID || !got.ExpiresAt.Equal(sess.ExpiresAt) ||
			!got.RevokedAt.IsZero() || !got.Live(t0) {
			t.Fatalf("session read back %+v", got)
		}
		_, err = s.SessionByTokenHash(ctx, hash64('2'))
		wantErr(t, err, account.ErrNotFound)

		dev, err := s.DeviceBySession(ctx, sess.ID)
		must(t, err)
		if dev.ID != d.ID || dev.Info != d.Info || dev.PushToken != "" {
			t.Fatalf("device read back %+v, want %+v", dev, d)
		}

		info := account.DeviceInfo{AppVersion: "5.4.0", DeviceName: "iPhone", Platform: "ios", Model: "15",
			OSVersion: "18.1", WebViewVersion: "605.1"}
		seen := t0.Add(time.Hour)
		must(t, s.TouchSession(ctx, sess.ID, info, seen, seen.Add(90*24*time.Hour)))
		got, err = s.SessionByTokenHash(ctx, hash64('1'))
		must(t, err)
		if !got.LastSeenAt.Equal(seen) || !got.ExpiresAt.Equal(seen.Add(90*24*time.Hour)) {
			t.Fatalf("touch did not extend: %+v", got)
		}
		dev, err = s.DeviceBySession(ctx, sess.ID)
		must(t, err)
		if dev.Info != info || !dev.UpdatedAt.Equal(seen) {
			t.Fatalf("device report %+v, want %+v", dev.Info, info)
		}

		must(t, s.SetPushToken(ctx, sess.ID, "fcm", "push-token", seen))
		dev, err = s.DeviceBySession(ctx, sess.ID)
		must(t, err)
		if dev.PushType != "fcm" || dev.PushToken != "push-token" {
			t.Fatalf("push token %q/%q", dev.PushType, dev.PushToken)
		}
		wantErr(t, s.SetPushToken(ctx, "99999999-9999-4999-8999-999999999999", "fcm", "x", seen), account.ErrNotFound)

		must(t, s.RevokeSession(ctx, sess.ID, seen))
		must(t, s.RevokeSession(ctx, sess.ID, seen.Add(time.Hour))) // a second logout changes nothing
		got, err = s.SessionByTokenHash(ctx, hash64('1'))
		must(t, err)
		if !got.RevokedAt.Equal(seen) || got.Live(seen) {
			t.Fatalf("revoked session %+v", got)
		}
		wantErr(t, s.TouchSession(ctx, sess.ID, info, seen, seen.Add(time.Hour)), account.ErrNotFound)
	})
}

func TestTokenHashIsUniqueAndUserSessionsRevokeTogether(t *testing.T) {
	each(t, func(t *testing.T, ctx context.Context, s *accountsql.Store, db *store.DB) {
		u := newUser(t, ctx, s, "many@example.ee")
		other := newUser(t, ctx, s, "other@example.ee")
		newSession(t, ctx, s, u.ID, hash64('a'))
		newSession(t, ctx, s, u.ID, hash64('b'))
		newSession(t, ctx, s, other.ID, hash64('c'))

		d := account.Device{ID: "12121212-1212-4212-8212-121212121212", UserID: u.ID, CreatedAt: t0, UpdatedAt: t0}
		dup := account.Session{ID: "13131313-1313-4313-8313-131313131313", UserID: u.ID, DeviceID: d.ID,
			TokenHash: hash64('a'), CreatedAt: t0, LastSeenAt: t0, ExpiresAt: t0}
		wantErr(t, s.InsertSession(ctx, dup, d), account.ErrConflict)
		if n := count(t, db, `SELECT count(*) FROM devices WHERE id = $1`, d.ID); n != 0 {
			t.Fatal("the device of a refused session was kept")
		}

		must(t, s.RevokeUserSessions(ctx, u.ID, t0))
		for _, h := range []string{hash64('a'), hash64('b')} {
			got, err := s.SessionByTokenHash(ctx, h)
			must(t, err)
			if got.Live(t0) {
				t.Fatalf("session %s survived revoking the user's sessions", got.ID)
			}
		}
		got, err := s.SessionByTokenHash(ctx, hash64('c'))
		must(t, err)
		if !got.Live(t0) {
			t.Fatal("another user's session was revoked")
		}
	})
}

// SessionWithRoles must answer exactly what SessionByTokenHash and Roles do
// together: for a user without roles, with several, and for an unknown token.
func TestSessionWithRolesMatchesSessionAndRoles(t *testing.T) {
	each(t, func(t *testing.T, ctx context.Context, s *accountsql.Store, db *store.DB) {
		u := newUser(t, ctx, s, "roles@example.ee")
		live, _ := newSession(t, ctx, s, u.ID, hash64('r'))
		check := func(wantRoles ...string) {
			t.Helper()
			sess, roles, err := s.SessionWithRoles(ctx, hash64('r'))
			must(t, err)
			want, err := s.SessionByTokenHash(ctx, hash64('r'))
			must(t, err)
			if sess != want {
				t.Fatalf("session %+v, want %+v", sess, want)
			}
			if roles == nil || !slices.Equal(roles, wantRoles) {
				t.Fatalf("roles %#v, want %v", roles, wantRoles)
			}
		}
		check()
		must(t, s.GrantRole(ctx, u.ID, "MANAGER"))
		must(t, s.GrantRole(ctx, u.ID, "ADMIN"))
		check("ADMIN", "MANAGER")

		must(t, s.RevokeSession(ctx, live.ID, t0))
		sess, _, err := s.SessionWithRoles(ctx, hash64('r'))
		must(t, err)
		if sess.Live(t0) {
			t.Fatalf("revoked session reads as live: %+v", sess)
		}
		_, _, err = s.SessionWithRoles(ctx, hash64('z'))
		wantErr(t, err, account.ErrNotFound)
	})
}
