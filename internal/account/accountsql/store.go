// Package accountsql stores the accounts domain (account.Storage: users,
// sessions, devices, verifications, events, one file each) in the application
// database through internal/store, on SQLite and PostgreSQL alike.
// Queries use $N placeholders on both engines; optional values travel as SQL
// NULL (an empty string is never written for a missing uuid or time).
package accountsql

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"lockers/internal/account"
	"lockers/internal/store"
)

// New returns the accounts storage over db (migrated to at least 00002_accounts).
func New(db *store.DB) account.Storage {
	c := conn{q: db, db: db}
	return account.Storage{
		Users: users{c}, Sessions: sessions{c}, Devices: devices{c}, Verifications: verifications{c},
		Events: events{c}, CodeTries: codeTries{c}, Logins: loginGuards{c}, Tx: transactor{db},
	}
}

// InTx gives another domain's transaction the accounts' users and sessions, so
// the back office changes a user and writes its audit row in one transaction.
func InTx(tx *store.Tx) (account.Users, account.Sessions) {
	c := conn{q: tx}
	return users{c}, sessions{c}
}

// transactor gives an account transaction its ports, all on one database
// transaction; the coupons' statements come from the promotions store.
type transactor struct{ db *store.DB }

func (t transactor) InTx(ctx context.Context, fn func(account.Tx) error) error {
	return t.db.InTx(ctx, func(tx *store.Tx) error {
		c := conn{q: tx}
		return fn(account.Tx{Users: users{c}, Sessions: sessions{c}, Verifications: verifications{c}, Coupons: coupons{c}})
	})
}

// conn runs the queries on the pool (db set) or inside an open transaction.
type conn struct {
	q  store.Querier
	db *store.DB // nil inside a transaction
}

// atomic groups the statements of one operation: a new transaction on the
// pool, the current one inside a transaction.
func (c conn) atomic(ctx context.Context, fn func(c conn) error) error {
	if c.db == nil {
		return fn(c)
	}
	return c.db.InTx(ctx, func(tx *store.Tx) error { return fn(conn{q: tx}) })
}

// exec runs a write and maps a unique violation to account.ErrConflict.
func (c conn) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	res, err := c.q.ExecContext(ctx, query, args...)
	if err != nil {
		return nil, mapErr(err)
	}
	return res, nil
}

// execOne runs a write that must change exactly one row; none is ErrNotFound.
func (c conn) execOne(ctx context.Context, query string, args ...any) error {
	ok, err := c.execAny(ctx, query, args...)
	if err == nil && !ok {
		return account.ErrNotFound
	}
	return err
}

// execAny runs a conditional write and reports whether it changed a row.
func (c conn) execAny(ctx context.Context, query string, args ...any) (bool, error) {
	res, err := c.exec(ctx, query, args...)
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
