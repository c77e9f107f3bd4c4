package store

import (
	"database/sql"
	"fmt"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
)

// openPostgres opens a pool on url. PostgreSQL handles concurrent writers itself,
// so reads and writes share the pool.
func openPostgres(url string) (*DB, error) {
	db, err := sql.Open("pgx", url)
	if err != nil {
		return nil, fmt.Errorf("store: open postgres: %w", err)
	}
	// As many idle connections may stay as may be open: with fewer, a burst of
	// short queries (each API call authenticates, then runs its own) keeps
	// closing connections and opening new ones, and every new PostgreSQL
	// backend costs a process start, cold caches and the driver preparing its
	// statements again; under booking load that churned about 11 backends a
	// second. Idle ones still go after ConnMaxIdleTime.
	db.SetMaxOpenConns(20)
	db.SetMaxIdleConns(20)
	db.SetConnMaxIdleTime(5 * time.Minute)
	db.SetConnMaxLifetime(time.Hour)
	// No statement caches: DB.Prepared is the DB itself on PostgreSQL.
	return &DB{dialect: Postgres, read: db, write: db, url: url}, nil
}
