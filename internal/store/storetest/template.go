package storetest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"lockers/internal/store"
)

// Migrating a new database takes about two seconds on SQLite and one on PostgreSQL
// under -race, and the suite opens hundreds of them. So each engine migrates once per
// set of migrations — SQLite into a file in the temporary directory that every test
// process (one per package) copies, PostgreSQL into a template database on the server —
// and every test gets a copy of that migrated database. Open still runs Migrate on the
// copy: it finds nothing to do, and a copy that somehow fell behind is brought up to date.

var sqliteTemplate struct {
	once sync.Once
	data []byte
	err  error
}

// sqliteTemplateFile returns the bytes of a freshly migrated SQLite database file.
func sqliteTemplateFile() ([]byte, error) {
	sqliteTemplate.once.Do(func() {
		sqliteTemplate.data, sqliteTemplate.err = sharedSQLiteTemplate()
	})
	return sqliteTemplate.data, sqliteTemplate.err
}

// sqliteTemplateDir holds the migrated SQLite files, one per set of migrations.
var sqliteTemplateDir = filepath.Join(os.TempDir(), "lockers-storetest")

// sharedSQLiteTemplate reads the migrated file of these migrations that another test
// process made, or makes it: written under a name of its own and renamed when whole, so
// a reader sees a complete file or none (two processes that start together may both
// build it; the second rename replaces the first with the same bytes).
func sharedSQLiteTemplate() ([]byte, error) {
	sum, err := migrationsHash(store.Migrations(store.SQLite))
	if err != nil {
		return nil, err
	}
	path := filepath.Join(sqliteTemplateDir, "sqlite-"+sum+".db")
	if data, err := os.ReadFile(path); err == nil && strings.HasPrefix(string(data), "SQLite format 3\x00") {
		return data, nil
	}
	data, err := buildSQLiteTemplate()
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(sqliteTemplateDir, 0o700); err != nil {
		return data, nil // no cache: this process still has its template
	}
	tmp, err := os.CreateTemp(sqliteTemplateDir, "building-*.db")
	if err != nil {
		return data, nil
	}
	_, werr := tmp.Write(data)
	if cerr := tmp.Close(); werr != nil || cerr != nil || os.Rename(tmp.Name(), path) != nil {
		os.Remove(tmp.Name())
	}
	return data, nil
}

func buildSQLiteTemplate() ([]byte, error) {
	dir, err := os.MkdirTemp("", "lockers-storetest-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "template.db")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	db, err := store.Open(ctx, "sqlite:"+path)
	if err != nil {
		return nil, err
	}
	if _, err := db.Migrate(ctx, nil); err != nil {
		db.Close()
		return nil, err
	}
	// Everything into the main file, so that one file is the whole database.
	if _, err := db.Writer().ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
		db.Close()
		return nil, err
	}
	if err := db.Close(); err != nil {
		return nil, err
	}
	return os.ReadFile(path)
}

// migratedSQLiteURL writes a copy of the migrated template into dir and returns its URL.
func migratedSQLiteURL(dir string) (string, error) {
	data, err := sqliteTemplateFile()
	if err != nil {
		return "", fmt.Errorf("migrate the SQLite template: %w", err)
	}
	path := filepath.Join(dir, "lockers.db")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		return "", err
	}
	return "sqlite:" + path, nil
}

var postgresTemplate struct {
	once sync.Once
	name string
	err  error
}

// postgresTemplateName returns the name of a migrated database on the test server to
// clone with CREATE DATABASE ... TEMPLATE. Its name carries a hash of the migrations, so
// every test process and every later run with the same migrations shares it, and a
// changed migration gets a template of its own. An advisory lock makes test processes
// that start together build it once; it is built under a temporary name and renamed
// when complete, so a killed build never leaves a half-migrated template behind.
func postgresTemplateName() (string, error) {
	postgresTemplate.once.Do(func() {
		postgresTemplate.name, postgresTemplate.err = ensurePostgresTemplate()
	})
	return postgresTemplate.name, postgresTemplate.err
}

// templateLockKey is the advisory lock key the template build holds ("lockers" in ASCII).
const templateLockKey = 0x6c6f636b657273

func ensurePostgresTemplate() (string, error) {
	admin, err := adminDB()
	if err != nil {
		return "", err
	}
	sum, err := migrationsHash(store.Migrations(store.Postgres))
	if err != nil {
		return "", err
	}
	name := "lockers_template_" + sum
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	conn, err := admin.Conn(ctx)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, templateLockKey); err != nil {
		return "", err
	}
	defer conn.ExecContext(context.Background(), `SELECT pg_advisory_unlock($1)`, templateLockKey) //nolint:errcheck // the lock ends with the session anyway
	var exists bool
	if err := conn.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, name).Scan(&exists); err != nil {
		return "", err
	}
	if exists {
		return name, nil
	}
	building := uniqueName()
	if _, err := conn.ExecContext(ctx, "CREATE DATABASE "+building); err != nil {
		return "", err
	}
	if err := migrateDatabase(ctx, databaseURLNamed(building)); err != nil {
		conn.ExecContext(context.Background(), "DROP DATABASE IF EXISTS "+building+" WITH (FORCE)") //nolint:errcheck // best effort: the name marks it as a test leftover
		return "", err
	}
	if _, err := conn.ExecContext(ctx, "ALTER DATABASE "+building+" RENAME TO "+name); err != nil {
		return "", err
	}
	return name, nil
}

func migrateDatabase(ctx context.Context, databaseURL string) error {
	db, err := store.Open(ctx, databaseURL)
	if err != nil {
		return err
	}
	if _, err := db.Migrate(ctx, nil); err != nil {
		db.Close()
		return err
	}
	return db.Close()
}

// migrationsHash is a short hex digest of every file name and content in migrations.
func migrationsHash(migrations fs.FS) (string, error) {
	h := sha256.New()
	err := fs.WalkDir(migrations, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(migrations, path)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s\x00%d\x00", path, len(data))
		h.Write(data)
		return nil
	})
	if err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

// databaseURLNamed is TEST_DATABASE_URL pointing at database name.
func databaseURLNamed(name string) string {
	u, err := url.Parse(TestDatabaseURL())
	if err != nil {
		return TestDatabaseURL()
	}
	u.Path = "/" + name
	return u.String()
}
