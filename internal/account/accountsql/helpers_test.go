package accountsql_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/account"
	"lockers/internal/account/accountsql"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// t0 is a fixed instant with microseconds, the precision both engines keep.
var t0 = time.Date(2026, 3, 29, 0, 30, 0, 123456000, time.UTC)

// each runs fn on a fresh SQLite and PostgreSQL database. The tests run side by side:
// they share nothing but the PostgreSQL server, and mostly wait on their databases.
func each(t *testing.T, fn func(t *testing.T, ctx context.Context, s account.Storage, db *store.DB)) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		fn(t, context.Background(), accountsql.New(db), db)
	})
}

func newUser(t *testing.T, ctx context.Context, s account.Storage, email string) account.User {
	t.Helper()
	u := account.User{ID: uuid.NewString(), Email: email, Language: account.Estonian,
		TermsAcceptedAt: t0, CreatedAt: t0}
	if err := s.Users.InsertUser(ctx, u); err != nil {
		t.Fatalf("insert user %s: %v", email, err)
	}
	return u
}

// newSession signs u in on a new device at t0 and returns the session.
func newSession(t *testing.T, ctx context.Context, r account.Sessions, userID, tokenHash string) (account.Session, account.Device) {
	t.Helper()
	return sessionAt(t, ctx, r, userID, tokenHash, t0)
}

// sessionAt signs u in on a new device at a time, for 24 hours.
func sessionAt(t *testing.T, ctx context.Context, r account.Sessions, userID, tokenHash string, at time.Time) (account.Session, account.Device) {
	t.Helper()
	d := account.Device{ID: uuid.NewString(), UserID: userID, CreatedAt: at, UpdatedAt: at,
		Info: account.DeviceInfo{AppVersion: "5.3.0", DeviceName: "Pixel", Platform: "android", Model: "Pixel 8", OSVersion: "15"}}
	sess := account.Session{ID: uuid.NewString(), UserID: userID, DeviceID: d.ID, TokenHash: tokenHash,
		CreatedAt: at, LastSeenAt: at, ExpiresAt: at.Add(24 * time.Hour)}
	if err := r.InsertSession(ctx, sess, d); err != nil {
		t.Fatalf("insert session: %v", err)
	}
	return sess, d
}

// session reads the session of a token hash back (its roles aside).
func session(ctx context.Context, r account.Sessions, tokenHash string) (account.Session, error) {
	s, _, err := r.SessionWithRoles(ctx, tokenHash)
	return s, err
}

// hash64 is a token hash of the stored shape (64 hex characters).
func hash64(c byte) string {
	b := make([]byte, 64)
	for i := range b {
		b[i] = c
	}
	return string(b)
}

func wantErr(t *testing.T, err, target error) {
	t.Helper()
	if !errors.Is(err, target) {
		t.Fatalf("error %v, want %v", err, target)
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func count(t *testing.T, db *store.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := db.QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}
