package accountsql

import (
	"context"
	"time"

	"lockers/internal/account"
)

// codeTries counts tries at codes per subject and day (account.CodeTries).
type codeTries struct{ conn }

// SpendCodeTry counts in one conditional upsert, so parallel guesses cannot
// exceed max; it first drops days older than the one before (the table only
// ever holds two days).
func (r codeTries) SpendCodeTry(ctx context.Context, subject, day string, max int) (bool, error) {
	if max <= 0 {
		return false, nil
	}
	if _, err := r.exec(ctx, `DELETE FROM code_tries WHERE day < $1`, dayBefore(day)); err != nil {
		return false, err
	}
	return r.execAny(ctx, `INSERT INTO code_tries (subject, day, tries) VALUES ($1, $2, 1)
		ON CONFLICT (subject, day) DO UPDATE SET tries = code_tries.tries + 1 WHERE code_tries.tries < $3`,
		subject, day, max)
}

func (r codeTries) RefundCodeTry(ctx context.Context, subject, day string) error {
	_, err := r.exec(ctx, `UPDATE code_tries SET tries = tries - 1 WHERE subject = $1 AND day = $2 AND tries > 0`,
		subject, day)
	return err
}

// dayBefore is the day before a "2006-01-02" day ("" when it is malformed,
// which deletes nothing).
func dayBefore(day string) string {
	t, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return ""
	}
	return t.AddDate(0, 0, -1).Format(time.DateOnly)
}

// loginGuards keeps known clients and unlock links (account.LoginGuards).
type loginGuards struct{ conn }

func (r loginGuards) KnownClient(ctx context.Context, userID, clientHash string, since time.Time) (bool, error) {
	if !validID(userID) {
		return false, nil
	}
	var n int
	err := r.q.QueryRowContext(ctx, `SELECT count(*) FROM login_clients
		WHERE user_id = $1 AND client_hash = $2 AND seen_at >= $3`, userID, clientHash, since.UTC()).Scan(&n)
	return n > 0, err
}

func (r loginGuards) RememberClient(ctx context.Context, userID, clientHash string, at time.Time) error {
	if !validID(userID) {
		return account.ErrNotFound
	}
	_, err := r.exec(ctx, `INSERT INTO login_clients (user_id, client_hash, seen_at) VALUES ($1, $2, $3)
		ON CONFLICT (user_id, client_hash) DO UPDATE SET seen_at = excluded.seen_at`, userID, clientHash, at.UTC())
	return err
}

func (r loginGuards) InsertUnlock(ctx context.Context, tokenHash, userID string, created, expires time.Time) error {
	if !validID(userID) {
		return account.ErrNotFound
	}
	_, err := r.exec(ctx, `INSERT INTO login_unlocks (token_hash, user_id, created_at, expires_at)
		VALUES ($1, $2, $3, $4)`, tokenHash, userID, created.UTC(), expires.UTC())
	return err
}

// UseUnlock spends the link with a conditional update in one transaction, so
// two clicks cannot both succeed.
func (r loginGuards) UseUnlock(ctx context.Context, tokenHash string, at time.Time) (string, error) {
	var userID string
	err := r.atomic(ctx, func(r conn) error {
		err := r.q.QueryRowContext(ctx, `SELECT user_id FROM login_unlocks
			WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2`, tokenHash, at.UTC()).Scan(&userID)
		if err != nil {
			return mapErr(err)
		}
		return r.execOne(ctx, `UPDATE login_unlocks SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL`,
			tokenHash, at.UTC())
	})
	return userID, err
}
