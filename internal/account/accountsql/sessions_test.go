package accountsql_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"lockers/internal/account"
	"lockers/internal/store"
)

func TestSessionLifecycle(t *testing.T) {
	each(t, func(t *testing.T, ctx context.Context, s account.Storage, db *store.DB) {
		u := newUser(t, ctx, s, "s@example.ee")
		sess, d := newSession(t, ctx, s.Sessions, u.ID, hash64('1'))

		got, err := session(ctx, s.Sessions, hash64('1'))
		must(t, err)
		if got.ID != sess.ID || got.UserID != u.ID || got.DeviceID != d.ID || !got.ExpiresAt.Equal(sess.ExpiresAt) ||
			!got.RevokedAt.IsZero() || !got.Live(t0) {
			t.Fatalf("session read back %+v", got)
		}
		_, err = session(ctx, s.Sessions, hash64('2'))
		wantErr(t, err, account.ErrNotFound)

		dev, err := s.Devices.DeviceBySession(ctx, sess.ID)
		must(t, err)
		if dev.ID != d.ID || dev.Info != d.Info || dev.PushToken != "" {
			t.Fatalf("device read back %+v, want %+v", dev, d)
		}

		info := account.DeviceInfo{AppVersion: "5.4.0", DeviceName: "iPhone", Platform: "ios", Model: "15",
			OSVersion: "18.1", WebViewVersion: "605.1"}
		seen := t0.Add(time.Hour)
		must(t, s.Sessions.TouchSession(ctx, sess.ID, info, seen, seen.Add(90*24*time.Hour)))
		got, err = session(ctx, s.Sessions, hash64('1'))
		must(t, err)
		if !got.LastSeenAt.Equal(seen) || !got.ExpiresAt.Equal(seen.Add(90*24*time.Hour)) {
			t.Fatalf("touch did not extend: %+v", got)
		}
		dev, err = s.Devices.DeviceBySession(ctx, sess.ID)
		must(t, err)
		if dev.Info != info || !dev.UpdatedAt.Equal(seen) {
			t.Fatalf("device report %+v, want %+v", dev.Info, info)
		}

		must(t, s.Devices.SetPushToken(ctx, sess.ID, "fcm", "push-token", seen))
		dev, err = s.Devices.DeviceBySession(ctx, sess.ID)
		must(t, err)
		if dev.PushType != "fcm" || dev.PushToken != "push-token" {
			t.Fatalf("push token %q/%q", dev.PushType, dev.PushToken)
		}
		wantErr(t, s.Devices.SetPushToken(ctx, "99999999-9999-4999-8999-999999999999", "fcm", "x", seen), account.ErrNotFound)

		must(t, s.Sessions.RevokeSession(ctx, sess.ID, seen))
		must(t, s.Sessions.RevokeSession(ctx, sess.ID, seen.Add(time.Hour))) // a second logout changes nothing
		got, err = session(ctx, s.Sessions, hash64('1'))
		must(t, err)
		if !got.RevokedAt.Equal(seen) || got.Live(seen) {
			t.Fatalf("revoked session %+v", got)
		}
		wantErr(t, s.Sessions.TouchSession(ctx, sess.ID, info, seen, seen.Add(time.Hour)), account.ErrNotFound)
	})
}

func TestTokenHashIsUniqueAndUserSessionsRevokeTogether(t *testing.T) {
	each(t, func(t *testing.T, ctx context.Context, s account.Storage, db *store.DB) {
		u := newUser(t, ctx, s, "many@example.ee")
		other := newUser(t, ctx, s, "other@example.ee")
		newSession(t, ctx, s.Sessions, u.ID, hash64('a'))
		newSession(t, ctx, s.Sessions, u.ID, hash64('b'))
		newSession(t, ctx, s.Sessions, other.ID, hash64('c'))

		d := account.Device{ID: "12121212-1212-4212-8212-121212121212", UserID: u.ID, CreatedAt: t0, UpdatedAt: t0}
		dup := account.Session{ID: "13131313-1313-4313-8313-131313131313", UserID: u.ID, DeviceID: d.ID,
			TokenHash: hash64('a'), CreatedAt: t0, LastSeenAt: t0, ExpiresAt: t0}
		wantErr(t, s.Sessions.InsertSession(ctx, dup, d), account.ErrConflict)
		if n := count(t, db, `SELECT count(*) FROM devices WHERE id = $1`, d.ID); n != 0 {
			t.Fatal("the device of a refused session was kept")
		}

		must(t, s.Sessions.RevokeUserSessions(ctx, u.ID, t0))
		for _, h := range []string{hash64('a'), hash64('b')} {
			got, err := session(ctx, s.Sessions, h)
			must(t, err)
			if got.Live(t0) {
				t.Fatalf("session %s survived revoking the user's sessions", got.ID)
			}
		}
		got, err := session(ctx, s.Sessions, hash64('c'))
		must(t, err)
		if !got.Live(t0) {
			t.Fatal("another user's session was revoked")
		}
	})
}

// SessionWithRoles must answer the stored session and exactly what Roles does:
// for a user without roles, with several, and for an unknown token.
func TestSessionWithRolesMatchesSessionAndRoles(t *testing.T) {
	each(t, func(t *testing.T, ctx context.Context, s account.Storage, db *store.DB) {
		u := newUser(t, ctx, s, "roles@example.ee")
		live, _ := newSession(t, ctx, s.Sessions, u.ID, hash64('r'))
		check := func(wantRoles ...string) {
			t.Helper()
			sess, roles, err := s.Sessions.SessionWithRoles(ctx, hash64('r'))
			must(t, err)
			if sess.ID != live.ID || sess.UserID != u.ID || sess.DeviceID != live.DeviceID || sess.TokenHash != live.TokenHash ||
				!sess.CreatedAt.Equal(live.CreatedAt) || !sess.LastSeenAt.Equal(live.LastSeenAt) ||
				!sess.ExpiresAt.Equal(live.ExpiresAt) || !sess.RevokedAt.IsZero() {
				t.Fatalf("session %+v, want %+v", sess, live)
			}
			stored, err := s.Users.Roles(ctx, u.ID)
			must(t, err)
			if roles == nil || !slices.Equal(roles, wantRoles) || !slices.Equal(roles, stored) {
				t.Fatalf("roles %#v, want %v (Roles answers %v)", roles, wantRoles, stored)
			}
		}
		check()
		must(t, s.Users.GrantRole(ctx, u.ID, "MANAGER"))
		must(t, s.Users.GrantRole(ctx, u.ID, "ADMIN"))
		check("ADMIN", "MANAGER")

		must(t, s.Sessions.RevokeSession(ctx, live.ID, t0))
		sess, _, err := s.Sessions.SessionWithRoles(ctx, hash64('r'))
		must(t, err)
		if sess.Live(t0) {
			t.Fatalf("revoked session reads as live: %+v", sess)
		}
		_, _, err = s.Sessions.SessionWithRoles(ctx, hash64('z'))
		wantErr(t, err, account.ErrNotFound)
	})
}
