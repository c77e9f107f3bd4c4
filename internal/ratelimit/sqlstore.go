package ratelimit

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"
)

// SQLStore keeps limiter state in the rate_limits table (migration 00021):
// one upsert per token taken, a short transaction per lockout failure. Times
// are Unix nanoseconds from the lockerd that decides (processes behind one
// balancer keep their clocks within milliseconds with NTP).
type SQLStore struct {
	db       *sql.DB
	postgres bool
}

// NewSQLStore uses db (lockerd's writer pool); postgres picks the engine's
// spelling of a two-argument maximum and of row locks.
func NewSQLStore(db *sql.DB, postgres bool) *SQLStore { return &SQLStore{db: db, postgres: postgres} }

// takeSQL is GCRA in one statement: tat is when the bucket is full again;
// taking n tokens moves it n intervals ($3) on from max(tat, now), allowed while it stays
// within burst intervals of now. No row back means no token.
const takeSQL = `INSERT INTO rate_limits (k, tat, expires) VALUES ($1, $2 + $3, $2 + $3)
ON CONFLICT (k) DO UPDATE SET tat = MAXF(rate_limits.tat, $2) + $3, expires = MAXF(rate_limits.tat, $2) + $3
WHERE MAXF(rate_limits.tat, $2) + $3 - $4 <= $2
RETURNING tat`

var (
	// PostgreSQL cannot infer the parameters' type from "$2 + $3".
	takePG = strings.NewReplacer("MAXF", "GREATEST", "$2", "$2::bigint", "$3", "$3::bigint", "$4", "$4::bigint").
		Replace(takeSQL)
	takeSQLite = strings.ReplaceAll(takeSQL, "MAXF", "MAX")
)

func (s *SQLStore) Take(ctx context.Context, key string, n int, every time.Duration, burst int, now time.Time) (bool, error) {
	q := takeSQLite
	if s.postgres {
		q = takePG
	}
	var tat int64
	err := s.db.QueryRowContext(ctx, q, key, now.UnixNano(), int64(every)*int64(n), int64(every)*int64(burst)).Scan(&tat)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

func (s *SQLStore) Strikes(ctx context.Context, key string) (Strikes, error) {
	st, err := scanStrikes(s.db.QueryRowContext(ctx,
		`SELECT window_start, fails, locked_until FROM rate_limits WHERE k = $1`, key))
	if errors.Is(err, sql.ErrNoRows) {
		return Strikes{}, nil
	}
	return st, err
}

func (s *SQLStore) Strike(ctx context.Context, key string, now time.Time, keep time.Duration, fn func(Strikes) Strikes) (Strikes, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return Strikes{}, err
	}
	defer tx.Rollback() //nolint:errcheck // after Commit it does nothing
	if _, err := tx.ExecContext(ctx, `INSERT INTO rate_limits (k, expires) VALUES ($1, $2) ON CONFLICT (k) DO NOTHING`,
		key, now.Add(keep).UnixNano()); err != nil {
		return Strikes{}, err
	}
	sel := `SELECT window_start, fails, locked_until FROM rate_limits WHERE k = $1`
	if s.postgres {
		sel += ` FOR UPDATE` // SQLite's one writer connection serialises this already
	}
	st, err := scanStrikes(tx.QueryRowContext(ctx, sel, key))
	if err != nil {
		return Strikes{}, err
	}
	st = fn(st)
	if _, err := tx.ExecContext(ctx, `UPDATE rate_limits SET window_start = $2, fails = $3, locked_until = $4, expires = $5 WHERE k = $1`,
		key, unixNano(st.WindowStart), st.Fails, unixNano(st.LockedUntil), now.Add(keep).UnixNano()); err != nil {
		return Strikes{}, err
	}
	return st, tx.Commit()
}

// Prune deletes the rows that no longer change a decision (a periodic job).
func (s *SQLStore) Prune(ctx context.Context, now time.Time) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM rate_limits WHERE expires < $1`, now.UnixNano())
	return err
}

func scanStrikes(row *sql.Row) (Strikes, error) {
	var ws, lu int64
	var st Strikes
	if err := row.Scan(&ws, &st.Fails, &lu); err != nil {
		return Strikes{}, err
	}
	st.WindowStart, st.LockedUntil = fromUnixNano(ws), fromUnixNano(lu)
	return st, nil
}

func unixNano(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixNano()
}

func fromUnixNano(n int64) time.Time {
	if n == 0 {
		return time.Time{}
	}
	return time.Unix(0, n)
}
