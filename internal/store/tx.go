package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"lockers/internal/txn"
)

// Tx is a transaction on the writer, with the dialect at hand for the rare query
// that differs between engines.
type Tx struct {
	*sql.Tx
	dialect Dialect
	db      *DB
	// unprepared are the texts Prepared ran without a prepared statement.
	unprepared []string
	// committed run, in order, once the transaction has committed.
	committed []func()
}

// Dialect reports the engine.
func (tx *Tx) Dialect() Dialect { return tx.dialect }

// Txn makes *Tx a txn.Tx, the handle domain code passes on without using.
func (tx *Tx) Txn() {}

// TxOf is the transaction behind a txn.Tx that a store opened; anything else
// is a wiring mistake and panics.
func TxOf(t txn.Tx) *Tx {
	tx, ok := t.(*Tx)
	if !ok || tx == nil {
		panic(fmt.Sprintf("store: %T is not a store transaction", t))
	}
	return tx
}

// DB is the database the transaction runs on.
func (tx *Tx) DB() *DB { return tx.db }

// InTx runs fn in a transaction: committed when fn returns nil, rolled back when it
// returns an error or panics (the panic continues). On SQLite the transaction
// starts with BEGIN IMMEDIATE, taking the write lock up front so it cannot fail
// half-way with SQLITE_BUSY; on PostgreSQL it is READ COMMITTED unless fn's
// statements lock rows themselves.
func (db *DB) InTx(ctx context.Context, fn func(tx *Tx) error) (err error) {
	sqlTx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: begin: %w", err)
	}
	tx := &Tx{Tx: sqlTx, dialect: db.dialect, db: db}
	// Registered first so that it runs last, when the writer connection is free.
	defer func() {
		if len(tx.unprepared) > 0 {
			db.prepareLater(ctx, tx.unprepared)
		}
	}()
	defer func() {
		if p := recover(); p != nil {
			_ = sqlTx.Rollback()
			panic(p)
		}
	}()
	if err := fn(tx); err != nil {
		if rbErr := sqlTx.Rollback(); rbErr != nil && !errors.Is(rbErr, sql.ErrTxDone) {
			return errors.Join(err, fmt.Errorf("store: rollback: %w", rbErr))
		}
		return err
	}
	if err := sqlTx.Commit(); err != nil {
		return fmt.Errorf("store: commit: %w", err)
	}
	for _, f := range tx.committed {
		f()
	}
	return nil
}

// AfterCommit runs f once what q wrote is committed: at once on a DB (its
// statements commit as they run), when InTx's transaction commits on a Tx (never
// if it rolls back). For what must not be seen before the data, such as
// forgetting a cached copy: forgotten earlier, a read could cache the old row again.
func AfterCommit(q Querier, f func()) {
	switch q := q.(type) {
	case *Tx:
		q.committed = append(q.committed, f)
	case preparedTx:
		q.tx.committed = append(q.tx.committed, f)
	default:
		f()
	}
}
