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

// Extra is a migration some packages' tests need on top of the store's own — River's
// job tables, which lockerd migrates after its own at every start — kept in a template
// of its own, so that those tests copy it instead of migrating every database again.
// Key names that template and must change whenever Migrate would make something else
// (it carries the version of what Migrate installs); Migrate runs once per engine, on a
// copy of the store's migrated template.
type Extra struct {
	Key     string
	Migrate func(ctx context.Context, db *store.DB) error
}

// templates are the migrated templates this process has found or built, one per
// engine and Extra key ("" for the store's migrations alone).
var templates struct {
	mu   sync.Mutex
	byID map[string]*template
}

type template struct {
	once sync.Once
	data []byte // SQLite: the file's bytes
	name string // PostgreSQL: the template database's name
	err  error
}

// templateFor returns the template of engine and extra's key, made (by build) at
// most once per process.
func templateFor(engine store.Dialect, extra *Extra, build func(*template)) *template {
	id := string(engine)
	if extra != nil {
		id += "\x00" + extra.Key
	}
	templates.mu.Lock()
	if templates.byID == nil {
		templates.byID = map[string]*template{}
	}
	tp := templates.byID[id]
	if tp == nil {
		tp = &template{}
		templates.byID[id] = tp
	}
	templates.mu.Unlock()
	tp.once.Do(func() { build(tp) })
	return tp
}

// sqliteTemplateFile returns the bytes of a freshly migrated SQLite database file
// (with extra's migration too when extra is not nil).
func sqliteTemplateFile(extra *Extra) ([]byte, error) {
	tp := templateFor(store.SQLite, extra, func(tp *template) {
		tp.data, tp.err = sharedSQLiteTemplate(extra)
	})
	return tp.data, tp.err
}

// sqliteTemplateDir holds the migrated SQLite files, one per set of migrations.
var sqliteTemplateDir = filepath.Join(os.TempDir(), "lockers-storetest")

// sharedSQLiteTemplate reads the migrated file of these migrations that another test
// process made, or makes it: written under a name of its own and renamed when whole, so
// a reader sees a complete file or none (two processes that start together may both
// build it; the second rename replaces the first with the same bytes).
func sharedSQLiteTemplate(extra *Extra) ([]byte, error) {
	sum, err := migrationsHash(store.Migrations(store.SQLite))
	if err != nil {
		return nil, err
	}
	path := filepath.Join(sqliteTemplateDir, "sqlite-"+sum+extraSuffix(extra)+".db")
	if data, err := os.ReadFile(path); err == nil && strings.HasPrefix(string(data), "SQLite format 3\x00") {
		return data, nil
	}
	data, err := buildSQLiteTemplate(extra)
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

// extraSuffix is "" for the store's template and "_<hash of the key>" for an extra one.
func extraSuffix(extra *Extra) string {
	if extra == nil {
		return ""
	}
	sum := sha256.Sum256([]byte(extra.Key))
	return "_" + hex.EncodeToString(sum[:])[:8]
}

// buildSQLiteTemplate migrates a new file, or for extra a copy of the store's
// template, and returns its bytes.
func buildSQLiteTemplate(extra *Extra) ([]byte, error) {
	var base []byte
	if extra != nil {
		var err error
		if base, err = sqliteTemplateFile(nil); err != nil {
			return nil, err
		}
	}
	dir, err := os.MkdirTemp("", "lockers-storetest-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "template.db")
	if base != nil {
		if err := os.WriteFile(path, base, 0o600); err != nil {
			return nil, err
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	db, err := store.Open(ctx, "sqlite:"+path)
	if err != nil {
		return nil, err
	}
	if err := migrateWith(ctx, db, extra); err != nil {
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

// migrateWith runs the store's migrations on db (nothing to do on a copy of its
// template), then extra's when extra is not nil.
func migrateWith(ctx context.Context, db *store.DB, extra *Extra) error {
	if _, err := db.Migrate(ctx, nil); err != nil {
		return err
	}
	if extra != nil {
		if err := extra.Migrate(ctx, db); err != nil {
			return fmt.Errorf("%s: %w", extra.Key, err)
		}
	}
	return nil
}

// migratedSQLiteURL writes a copy of the migrated template into dir and returns its URL.
func migratedSQLiteURL(dir string, extra *Extra) (string, error) {
	data, err := sqliteTemplateFile(extra)
	if err != nil {
		return "", fmt.Errorf("migrate the SQLite template: %w", err)
	}
	path := filepath.Join(dir, "lockers.db")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		return "", err
	}
	return "sqlite:" + path, nil
}

// postgresTemplateName returns the name of a migrated database on the test server to
// clone with CREATE DATABASE ... TEMPLATE. Its name carries a hash of the migrations (and
// of extra's key), so every test process and every later run with the same migrations
// shares it, and a changed migration gets a template of its own. An advisory lock makes
// test processes that start together build it once; it is built under a temporary name
// and renamed when complete, so a killed build never leaves a half-migrated template behind.
func postgresTemplateName(extra *Extra) (string, error) {
	tp := templateFor(store.Postgres, extra, func(tp *template) {
		tp.name, tp.err = ensurePostgresTemplate(extra)
	})
	return tp.name, tp.err
}

// templateLockKey is the advisory lock key the template build holds ("lockers" in ASCII).
const templateLockKey = 0x6c6f636b657273

func ensurePostgresTemplate(extra *Extra) (string, error) {
	admin, err := adminDB()
	if err != nil {
		return "", err
	}
	sum, err := migrationsHash(store.Migrations(store.Postgres))
	if err != nil {
		return "", err
	}
	var base string // an extra template starts as a copy of the store's
	if extra != nil {
		if base, err = postgresTemplateName(nil); err != nil {
			return "", err
		}
	}
	name := "lockers_template_" + sum + extraSuffix(extra)
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
	create := "CREATE DATABASE " + building
	if base != "" {
		create += " TEMPLATE " + base
	}
	if _, err := conn.ExecContext(ctx, create); err != nil {
		return "", err
	}
	if err := migrateDatabase(ctx, databaseURLNamed(building), extra); err != nil {
		conn.ExecContext(context.Background(), "DROP DATABASE IF EXISTS "+building+" WITH (FORCE)") //nolint:errcheck // best effort: the name marks it as a test leftover
		return "", err
	}
	if _, err := conn.ExecContext(ctx, "ALTER DATABASE "+building+" RENAME TO "+name); err != nil {
		return "", err
	}
	return name, nil
}

func migrateDatabase(ctx context.Context, databaseURL string, extra *Extra) error {
	db, err := store.Open(ctx, databaseURL)
	if err != nil {
		return err
	}
	if err := migrateWith(ctx, db, extra); err != nil {
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
