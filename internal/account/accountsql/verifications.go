package accountsql

import (
	"context"
	"database/sql"
	"strconv"
	"strings"
	"time"

	"lockers/internal/account"
	"lockers/internal/store"
)

// verifications keeps the e-mailed and texted codes and their tokens.
type verifications struct{ conn }

const verificationColumns = `id, purpose, target, user_id, code_hash, attempts, sent_at, expires_at,
	verified_at, token_hash, token_expires_at, used_at`

func scanVerification(row interface{ Scan(...any) error }) (account.Verification, error) {
	var (
		v                            account.Verification
		purpose                      string
		user, token                  sql.NullString
		sent, expires                time.Time
		verified, tokenExpires, used sql.NullTime
	)
	err := row.Scan(&v.ID, &purpose, &v.Target, &user, &v.CodeHash, &v.Attempts, &sent, &expires,
		&verified, &token, &tokenExpires, &used)
	if err != nil {
		return account.Verification{}, mapErr(err)
	}
	v.Purpose, v.UserID, v.TokenHash = account.Purpose(purpose), user.String, token.String
	v.SentAt, v.ExpiresAt = store.UTC(sent), store.UTC(expires)
	v.VerifiedAt, v.TokenExpiresAt, v.UsedAt = store.TimeOf(verified), store.TimeOf(tokenExpires), store.TimeOf(used)
	return v, nil
}

func (r verifications) OpenVerification(ctx context.Context, purposes []account.Purpose, target, userID string) (account.Verification, error) {
	if len(purposes) == 0 || (userID != "" && !validID(userID)) {
		return account.Verification{}, account.ErrNotFound
	}
	args := []any{target}
	marks := make([]string, len(purposes))
	for i, p := range purposes {
		args = append(args, string(p))
		marks[i] = "$" + strconv.Itoa(len(args))
	}
	query := `SELECT ` + verificationColumns + ` FROM verifications
		WHERE target = $1 AND used_at IS NULL AND purpose IN (` + strings.Join(marks, ", ") + `)`
	if userID != "" {
		args = append(args, userID)
		query += ` AND user_id = $` + strconv.Itoa(len(args))
	}
	query += ` ORDER BY sent_at DESC, id LIMIT 1`
	return scanVerification(r.q.QueryRowContext(ctx, query, args...))
}

func (r verifications) InsertVerification(ctx context.Context, v account.Verification) error {
	_, err := r.exec(ctx, `INSERT INTO verifications (id, purpose, target, user_id, code_hash, attempts,
		sent_at, expires_at, verified_at, token_hash, token_expires_at, used_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
		v.ID, string(v.Purpose), v.Target, store.NullString(v.UserID), v.CodeHash, v.Attempts,
		v.SentAt.UTC(), v.ExpiresAt.UTC(), store.NullTime(v.VerifiedAt), store.NullString(v.TokenHash),
		store.NullTime(v.TokenExpiresAt), store.NullTime(v.UsedAt))
	return err
}

// RotateVerification's condition on sent_at makes the 60-second rule hold under
// concurrent requests: only one of them changes the row.
func (r verifications) RotateVerification(ctx context.Context, v account.Verification, sentBefore time.Time) (bool, error) {
	if !validID(v.ID) {
		return false, account.ErrNotFound
	}
	return r.execAny(ctx, `UPDATE verifications SET code_hash = $2, purpose = $3, user_id = $4,
		sent_at = $5, expires_at = $6, attempts = 0, verified_at = NULL, token_hash = NULL,
		token_expires_at = NULL
		WHERE id = $1 AND used_at IS NULL AND sent_at <= $7`,
		v.ID, v.CodeHash, string(v.Purpose), store.NullString(v.UserID), v.SentAt.UTC(), v.ExpiresAt.UTC(),
		sentBefore.UTC())
}

func (r verifications) DeleteVerification(ctx context.Context, id string) error {
	if !validID(id) {
		return nil
	}
	_, err := r.exec(ctx, `DELETE FROM verifications WHERE id = $1`, id)
	return err
}

// SpendAttempt counts the try in the row itself, so parallel guesses cannot
// exceed max.
func (r verifications) SpendAttempt(ctx context.Context, id string, max int) (bool, error) {
	if !validID(id) {
		return false, account.ErrNotFound
	}
	return r.execAny(ctx, `UPDATE verifications SET attempts = attempts + 1 WHERE id = $1 AND attempts < $2`,
		id, max)
}

func (r verifications) MarkVerified(ctx context.Context, id, tokenHash string, tokenExpires, at time.Time) error {
	if !validID(id) {
		return account.ErrNotFound
	}
	return r.execOne(ctx, `UPDATE verifications SET verified_at = $2, token_hash = $3, token_expires_at = $4
		WHERE id = $1 AND used_at IS NULL`, id, at.UTC(), tokenHash, tokenExpires.UTC())
}

func (r verifications) VerificationByToken(ctx context.Context, tokenHash string) (account.Verification, error) {
	if tokenHash == "" {
		return account.Verification{}, account.ErrNotFound
	}
	return scanVerification(r.q.QueryRowContext(ctx,
		`SELECT `+verificationColumns+` FROM verifications WHERE token_hash = $1`, tokenHash))
}

func (r verifications) UseVerification(ctx context.Context, id string, at time.Time) (bool, error) {
	if !validID(id) {
		return false, account.ErrNotFound
	}
	return r.execAny(ctx, `UPDATE verifications SET used_at = $2 WHERE id = $1 AND used_at IS NULL`, id, at.UTC())
}
