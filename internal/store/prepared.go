package store

import (
	"context"
	"database/sql"
	"errors"
	"sync"
)

// stmtCache keeps one *sql.Stmt per statement text for one pool. database/sql
// prepares a Stmt again on each connection it runs on and forgets it when the
// connection closes, so an entry stays valid for the pool's life.
type stmtCache struct {
	pool  *sql.DB
	stmts sync.Map // query text → *sql.Stmt
}

func (c *stmtCache) get(ctx context.Context, query string) (*sql.Stmt, error) {
	if s, ok := c.stmts.Load(query); ok {
		return s.(*sql.Stmt), nil
	}
	s, err := c.pool.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	if prev, loaded := c.stmts.LoadOrStore(query, s); loaded {
		_ = s.Close() // another caller prepared it first
		return prev.(*sql.Stmt), nil
	}
	return s, nil
}

// close closes the statements; a nil cache (PostgreSQL) has none.
func (c *stmtCache) close() error {
	if c == nil {
		return nil
	}
	var errs []error
	c.stmts.Range(func(_, s any) bool {
		errs = append(errs, s.(*sql.Stmt).Close())
		return true
	})
	return errors.Join(errs...)
}

// Prepared returns q's view that keeps statements prepared when q is a *DB or a
// *Tx (see DB.Prepared), and q itself otherwise.
func Prepared(q Querier) Querier {
	if p, ok := q.(interface{ Prepared() Querier }); ok {
		return p.Prepared()
	}
	return q
}

// Prepared returns a Querier on db that keeps every statement text it runs
// prepared, for the hot paths (each booking, each authenticated call). On SQLite
// the driver (modernc.org/sqlite) otherwise parses and plans the text on every
// call, which was about a fifth of the server's CPU under booking load. On
// PostgreSQL it is db itself: pgx already caches prepared statements per
// connection. Pass only constant texts (or a small bounded set): each distinct
// text stays prepared for the life of the DB.
func (db *DB) Prepared() Querier {
	if db.dialect != SQLite {
		return db
	}
	return preparedDB{db}
}

// Prepared is DB.Prepared inside the transaction: the statements are prepared on
// the writer connection once and bound to the transaction on each call.
func (tx *Tx) Prepared() Querier {
	if tx.dialect != SQLite {
		return tx
	}
	return preparedTx{tx}
}

type preparedDB struct{ db *DB }

// ExecContext prepares on the writer, where DB.ExecContext runs.
func (p preparedDB) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	s, err := p.db.writeStmts.get(ctx, query)
	if err != nil {
		return nil, err
	}
	return s.ExecContext(ctx, args...)
}

func (p preparedDB) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	s, err := p.db.readStmts.get(ctx, query)
	if err != nil {
		return nil, err
	}
	return s.QueryContext(ctx, args...)
}

// QueryRowContext falls back to the unprepared query when preparing fails, so
// that the error reaches the caller through Row.Scan as usual.
func (p preparedDB) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	s, err := p.db.readStmts.get(ctx, query)
	if err != nil {
		return p.db.QueryRowContext(ctx, query, args...)
	}
	return s.QueryRowContext(ctx, args...)
}

type preparedTx struct{ tx *Tx }

// stmt binds the writer's prepared statement to the transaction. A text not
// prepared yet cannot be prepared now (the transaction holds the only writer
// connection on SQLite), so it runs unprepared this time and InTx prepares it
// once the connection is free again.
func (p preparedTx) stmt(ctx context.Context, query string) (*sql.Stmt, bool) {
	s, ok := p.tx.db.writeStmts.stmts.Load(query)
	if !ok {
		p.tx.unprepared = append(p.tx.unprepared, query)
		return nil, false
	}
	return p.tx.StmtContext(ctx, s.(*sql.Stmt)), true
}

func (p preparedTx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if s, ok := p.stmt(ctx, query); ok {
		return s.ExecContext(ctx, args...)
	}
	return p.tx.ExecContext(ctx, query, args...)
}

func (p preparedTx) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if s, ok := p.stmt(ctx, query); ok {
		return s.QueryContext(ctx, args...)
	}
	return p.tx.QueryContext(ctx, query, args...)
}

func (p preparedTx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if s, ok := p.stmt(ctx, query); ok {
		return s.QueryRowContext(ctx, args...)
	}
	return p.tx.QueryRowContext(ctx, query, args...)
}

// prepareLater prepares on the writer the texts a finished transaction ran
// unprepared. A text that fails to prepare would have failed in the
// transaction too; it is simply tried again next time.
func (db *DB) prepareLater(ctx context.Context, queries []string) {
	for _, q := range queries {
		_, _ = db.writeStmts.get(ctx, q)
	}
}
