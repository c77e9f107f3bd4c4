// Package storetest gives tests a fresh, migrated database on each engine. Every
// store test runs against both SQLite and PostgreSQL through Each, so a query that
// works on one engine only fails in CI instead of in production.
//
// PostgreSQL comes from TEST_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable). Each test creates its
// own database there and drops it afterwards. An unreachable server fails the test:
// CI starts PostgreSQL, and a silently skipped half of the suite hides bugs.
package storetest

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"lockers/internal/store"
)

// Each runs fn as two subtests, "sqlite" and "postgres", each with its own freshly
// migrated database that is closed (and on PostgreSQL dropped) when the subtest ends.
func Each(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, SQLite(t)) })
	t.Run("postgres", func(t *testing.T) { fn(t, Postgres(t)) })
}

// EachURL is Each for tests that open the database themselves (the app, the
// migrate command): fn gets the DATABASE_URL of an empty, unmigrated database.
func EachURL(t *testing.T, fn func(t *testing.T, databaseURL string)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, SQLiteURL(t)) })
	t.Run("postgres", func(t *testing.T) { fn(t, PostgresURL(t)) })
}

// EachMigratedURL is EachURL with databases that are already migrated, for tests
// that open the database themselves but do not test migrating it.
func EachMigratedURL(t *testing.T, fn func(t *testing.T, databaseURL string)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, MigratedSQLiteURL(t)) })
	t.Run("postgres", func(t *testing.T) { fn(t, MigratedPostgresURL(t)) })
}

// EachExtraURL is EachMigratedURL with extra's migration done too (a copy of a
// template that has it, see Extra).
func EachExtraURL(t *testing.T, extra Extra, fn func(t *testing.T, databaseURL string)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, ExtraSQLiteURL(t, extra)) })
	t.Run("postgres", func(t *testing.T) { fn(t, ExtraPostgresURL(t, extra)) })
}

// SQLite returns a migrated SQLite database in t.TempDir().
func SQLite(t testing.TB) *store.DB {
	t.Helper()
	return Open(t, MigratedSQLiteURL(t))
}

// Postgres returns a migrated PostgreSQL database of its own.
func Postgres(t testing.TB) *store.DB {
	t.Helper()
	return Open(t, MigratedPostgresURL(t))
}

// MigratedSQLiteURL returns the DATABASE_URL of a migrated SQLite file in t.TempDir():
// a copy of the migrated template (template.go).
func MigratedSQLiteURL(t testing.TB) string {
	t.Helper()
	url, err := migratedSQLiteURL(t.TempDir(), nil)
	if err != nil {
		t.Fatalf("storetest: %v", err)
	}
	return url
}

// ExtraSQLiteURL is MigratedSQLiteURL with extra's migration done too.
func ExtraSQLiteURL(t testing.TB, extra Extra) string {
	t.Helper()
	url, err := migratedSQLiteURL(t.TempDir(), &extra)
	if err != nil {
		t.Fatalf("storetest: %v", err)
	}
	return url
}

// SQLiteURL returns the DATABASE_URL of a new SQLite file in t.TempDir().
func SQLiteURL(t testing.TB) string {
	t.Helper()
	return "sqlite:" + filepath.Join(t.TempDir(), "lockers.db")
}

// Open opens databaseURL, migrates it and closes it when the test ends.
func Open(t testing.TB, databaseURL string) *store.DB {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	db, err := store.Open(ctx, databaseURL)
	if err != nil {
		t.Fatalf("storetest: open: %v", err)
	}
	t.Cleanup(func() {
		if err := db.Close(); err != nil {
			t.Errorf("storetest: close: %v", err)
		}
	})
	if _, err := db.Migrate(ctx, nil); err != nil {
		t.Fatalf("storetest: migrate %s: %v", db.Dialect(), err)
	}
	return db
}
