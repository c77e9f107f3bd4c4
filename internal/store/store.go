// Package store opens the database (SQLite or PostgreSQL) behind one type, applies
// the embedded migrations and runs transactions. Domain packages write their own
// queries against *DB and *Tx.
//
// Placeholders: write SQL with PostgreSQL's $1, $2, ... in both dialects. The SQLite
// driver (modernc.org/sqlite) binds $N to the N-th argument, so no rewriting is
// needed and a query text is the same string on both databases. Dialect-specific
// SQL (upserts with RETURNING work on both; date functions do not) branches on
// Dialect().
//
// Time: pass time.Time values in UTC. On SQLite they are stored as sortable text
// ("2006-01-02 15:04:05.999999999+00:00") in columns declared TIMESTAMP, which the
// driver parses back into time.Time; on PostgreSQL the columns are timestamptz.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
)

// Dialect names the database engine behind a DB.
type Dialect string

const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

// DB is an open database. It is safe for concurrent use.
//
// On SQLite it holds two pools over the same file: one read-only pool with several
// connections for queries, and a single writer connection for ExecContext and
// InTx. SQLite allows one writer at a time; funnelling writes through one
// connection queues them in Go instead of failing with SQLITE_BUSY, while WAL lets
// readers run alongside. On PostgreSQL both pools are the same *sql.DB.
type DB struct {
	dialect Dialect
	read    *sql.DB
	write   *sql.DB
	// readStmts and writeStmts back Prepared on SQLite.
	readStmts, writeStmts *stmtCache
	// url is PostgreSQL's connection string, for Listen's connection of its own.
	url string
}

// Open connects to databaseURL ("sqlite:PATH" or "postgres://...") and checks the
// connection. It does not migrate; call Migrate.
func Open(ctx context.Context, databaseURL string) (*DB, error) {
	var (
		db  *DB
		err error
	)
	switch {
	case strings.HasPrefix(databaseURL, "sqlite:"):
		db, err = openSQLite(strings.TrimPrefix(databaseURL, "sqlite:"))
	case strings.HasPrefix(databaseURL, "postgres://"), strings.HasPrefix(databaseURL, "postgresql://"):
		db, err = openPostgres(databaseURL)
	default:
		return nil, errors.New("store: DATABASE_URL must start with sqlite: or postgres://")
	}
	if err != nil {
		return nil, err
	}
	if err := db.Ping(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: connect to %s: %w", db.dialect, err)
	}
	return db, nil
}

// Dialect reports the engine, for the rare query that differs between them.
func (db *DB) Dialect() Dialect { return db.dialect }

// Ping checks that the database answers (used by /readyz).
func (db *DB) Ping(ctx context.Context) error {
	if err := db.write.PingContext(ctx); err != nil {
		return err
	}
	if db.read != db.write {
		return db.read.PingContext(ctx)
	}
	return nil
}

// Close closes every connection.
func (db *DB) Close() error {
	err := errors.Join(db.readStmts.close(), db.writeStmts.close(), db.write.Close())
	if db.read != db.write {
		err = errors.Join(err, db.read.Close())
	}
	return err
}

// QueryContext runs a read-only query. On SQLite the read pool refuses writes, so
// an INSERT ... RETURNING belongs in InTx.
func (db *DB) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return db.read.QueryContext(ctx, query, args...)
}

// QueryRowContext runs a read-only query expected to return at most one row.
func (db *DB) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return db.read.QueryRowContext(ctx, query, args...)
}

// ExecContext runs one statement on the writer outside a transaction.
func (db *DB) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return db.write.ExecContext(ctx, query, args...)
}

// Writer returns the pool that accepts writes. Migrations use it; domain code
// should prefer InTx.
func (db *DB) Writer() *sql.DB { return db.write }

// Querier is what both *DB and *Tx offer, so a query function can run inside or
// outside a transaction.
type Querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

var (
	_ Querier = (*DB)(nil)
	_ Querier = (*Tx)(nil)
)

// EachRow runs query on q and calls fn for every row, closing the rows at the end.
func EachRow(ctx context.Context, q Querier, query string, args []any, fn func(*sql.Rows) error) error {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}
