package store

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"log/slog"
	"slices"
	"strconv"
	"strings"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
)

// migrationsFS holds one folder of goose SQL files per dialect. Every schema change
// adds a file with the next number to both folders (00002_orders.sql, ...), so the
// version numbers mean the same schema on both engines.
//
//go:embed migrations/sqlite/*.sql migrations/postgres/*.sql
var migrationsFS embed.FS

// Migrations returns the migration files of d.
func Migrations(d Dialect) fs.FS {
	sub, err := fs.Sub(migrationsFS, "migrations/"+string(d))
	if err != nil {
		panic(err) // the embed pattern guarantees the folder
	}
	return sub
}

// provider builds a goose provider for db. On PostgreSQL a session advisory lock
// keeps two starting instances from migrating at once; on SQLite the single writer
// connection already serialises them.
func (db *DB) provider(log *slog.Logger) (*goose.Provider, error) {
	opts := []goose.ProviderOption{goose.WithDisableGlobalRegistry(true)}
	if log != nil {
		opts = append(opts, goose.WithSlog(log))
	}
	dialect := goose.DialectSQLite3
	if db.dialect == Postgres {
		dialect = goose.DialectPostgres
		locker, err := lock.NewPostgresSessionLocker()
		if err != nil {
			return nil, err
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	}
	return goose.NewProvider(dialect, db.write, Migrations(db.dialect), opts...)
}

// Migrate applies every pending migration and returns the schema version reached.
// log may be nil.
func (db *DB) Migrate(ctx context.Context, log *slog.Logger) (int64, error) {
	p, err := db.provider(log)
	if err != nil {
		return 0, fmt.Errorf("store: migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return 0, fmt.Errorf("store: migrate: %w", err)
	}
	v, err := p.GetDBVersion(ctx)
	if err != nil {
		return 0, fmt.Errorf("store: schema version: %w", err)
	}
	return v, nil
}

// MigrateDown rolls back every migration (tests use it to prove the down steps work).
func (db *DB) MigrateDown(ctx context.Context) error {
	p, err := db.provider(nil)
	if err != nil {
		return fmt.Errorf("store: migrations: %w", err)
	}
	if _, err := p.DownTo(ctx, 0); err != nil {
		return fmt.Errorf("store: migrate down: %w", err)
	}
	return nil
}

// Versions lists the migration versions embedded for d, ascending, read from the
// file names (00001_name.sql is version 1).
func Versions(d Dialect) ([]int64, error) {
	names, err := fs.Glob(Migrations(d), "*.sql")
	if err != nil {
		return nil, err
	}
	out := make([]int64, 0, len(names))
	for _, name := range names {
		prefix, _, ok := strings.Cut(name, "_")
		v, err := strconv.ParseInt(prefix, 10, 64)
		if !ok || err != nil {
			return nil, fmt.Errorf("store: migration %s/%s: name must be NNNNN_description.sql", d, name)
		}
		out = append(out, v)
	}
	slices.Sort(out)
	return out, nil
}
