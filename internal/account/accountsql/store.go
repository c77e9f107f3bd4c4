// Package accountsql stores the accounts domain (account.Store) in the
// application database through internal/store, on SQLite and PostgreSQL alike.
// Queries use $N placeholders on both engines; optional values travel as SQL
// NULL (an empty string is never written for a missing uuid or time).
package accountsql

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"lockers/internal/account"
	"lockers/internal/store"
)

// Store implements account.Store and account.Stations.
type Store struct {
	repo
	db *store.DB
}

var (
	_ account.Store    = (*Store)(nil)
	_ account.Stations = (*Store)(nil)
)

// New returns the accounts store over db (migrated to at least 00002_accounts).
func New(db *store.DB) *Store {
	s := &Store{db: db}
	s.repo = repo{q: db, atomic: s.atomic}
	return s
}

// InTx runs fn with a Repo whose every call belongs to one transaction.
func (s *Store) InTx(ctx context.Context, fn func(account.Repo) error) error {
	return s.atomic(ctx, func(r *repo) error { return fn(r) })
}

// atomic runs a multi-statement operation of the plain store in its own transaction.
func (s *Store) atomic(ctx context.Context, fn func(r *repo) error) error {
	return s.db.InTx(ctx, func(tx *store.Tx) error {
		r := &repo{q: tx}
		r.atomic = r.same
		return fn(r)
	})
}

// repo runs the queries on a pool or inside a transaction. atomic groups the
// statements of one operation: a new transaction on the pool, the current one
// inside InTx.
type repo struct {
	q      store.Querier
	atomic func(ctx context.Context, fn func(r *repo) error) error
}

func (r *repo) same(_ context.Context, fn func(r *repo) error) error { return fn(r) }

// exec runs a write and maps a unique violation to account.ErrConflict.
func (r *repo) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	res, err := r.q.ExecContext(ctx, query, args...)
	if err != nil {
		return nil, mapErr(err)
	}
	return res, nil
}

// execOne runs a write that must change exactly one row; none is ErrNotFound.
func (r *repo) execOne(ctx context.Context, query string, args ...any) error {
	ok, err := r.execAny(ctx, query, args...)
	if err == nil && !ok {
		return account.ErrNotFound
	}
	return err
}

// execAny runs a conditional write and reports whether it changed a row.
func (r *repo) execAny(ctx context.Context, query string, args ...any) (bool, error) {
	res, err := r.exec(ctx, query, args...)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, err
	}
	return n > 0, nil
}

// mapErr turns the engine's refusals into the domain's sentinel errors, keeping
// the original in the chain for the logs.
func mapErr(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("%w: %w", account.ErrNotFound, err)
	case store.Violates(err, store.Unique):
		return fmt.Errorf("%w: %w", account.ErrConflict, err)
	}
	return err
}

// validID reports whether s is a uuid; PostgreSQL refuses anything else in a
// uuid column, so a malformed id is simply "not found" before it reaches SQL.
func validID(s string) bool {
	_, err := uuid.Parse(s)
	return err == nil
}

// nullString is NULL for "".
func nullString(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// nullTime is NULL for the zero time, else the instant in UTC.
func nullTime(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.UTC()
}

// utc normalises a scanned instant (pgx answers in the local zone).
func utc(t time.Time) time.Time {
	if t.IsZero() {
		return t
	}
	return t.UTC()
}

// optTime is a nullable time column.
func optTime(t sql.NullTime) time.Time {
	if !t.Valid {
		return time.Time{}
	}
	return t.Time.UTC()
}
