package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"os"
	"sync"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver for the admin connection

	"lockers/internal/config"
	"lockers/internal/envtest"
)

// DefaultTestDatabaseURL is the server the tests use when TEST_DATABASE_URL is unset.
const DefaultTestDatabaseURL = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"

// TestDatabaseURL returns TEST_DATABASE_URL or the default.
func TestDatabaseURL() string {
	if u := os.Getenv("TEST_DATABASE_URL"); u != "" {
		return u
	}
	return DefaultTestDatabaseURL
}

// admin is one connection pool per test process to the server's maintenance
// database, used only for CREATE/DROP DATABASE.
var admin struct {
	once sync.Once
	db   *sql.DB
	err  error
}

func adminDB() (*sql.DB, error) {
	admin.once.Do(func() {
		db, err := sql.Open("pgx", TestDatabaseURL())
		if err != nil {
			admin.err = err
			return
		}
		db.SetMaxOpenConns(4)
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := db.PingContext(ctx); err != nil {
			db.Close()
			admin.err = err
			return
		}
		admin.db = db
	})
	return admin.db, admin.err
}

// PostgresURL creates an empty database with a unique name on the test server and
// returns its URL; the database is dropped (WITH (FORCE), so a leaked connection
// cannot block it) when the test ends.
func PostgresURL(t testing.TB) string {
	t.Helper()
	return createPostgres(t, "")
}

// MigratedPostgresURL is PostgresURL for a database that is already migrated: a clone
// of the migrated template (template.go).
func MigratedPostgresURL(t testing.TB) string {
	t.Helper()
	return migratedPostgresURL(t, nil)
}

// ExtraPostgresURL is MigratedPostgresURL with extra's migration done too.
func ExtraPostgresURL(t testing.TB, extra Extra) string {
	t.Helper()
	return migratedPostgresURL(t, &extra)
}

func migratedPostgresURL(t testing.TB, extra *Extra) string {
	t.Helper()
	if _, err := adminDB(); err != nil {
		return createPostgres(t, "") // fails the test with the explanation
	}
	name, err := postgresTemplateName(extra)
	if err != nil {
		t.Fatalf("storetest: migrate the PostgreSQL template: %v", err)
	}
	return createPostgres(t, name)
}

// createPostgres creates a database of its own for t, a copy of template when that is set.
func createPostgres(t testing.TB, template string) string {
	t.Helper()
	base := TestDatabaseURL()
	db, err := adminDB()
	if err != nil {
		// Every store test of the process would fail the same way: one message ends it.
		envtest.Missing("PostgreSQL at "+config.MaskDatabaseURL(base), err.Error()+
			" (store tests run on SQLite and PostgreSQL; TEST_DATABASE_URL names a server where this user may CREATE DATABASE)")
	}
	name := uniqueName()
	create := "CREATE DATABASE " + name
	if template != "" {
		create += " TEMPLATE " + template
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := db.ExecContext(ctx, create); err != nil {
		t.Fatalf("storetest: %s: %v", create, err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if _, err := db.ExecContext(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
			t.Errorf("storetest: DROP DATABASE %s: %v", name, err)
		}
	})
	return databaseURLNamed(name)
}

// uniqueName is a lower-case identifier that needs no quoting and says where it
// came from, so a database left by a killed run is easy to recognise and drop.
func uniqueName() string {
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	return fmt.Sprintf("lockers_test_%s_%s", time.Now().UTC().Format("20060102150405"), hex.EncodeToString(b[:]))
}
