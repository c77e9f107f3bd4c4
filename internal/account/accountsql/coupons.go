package accountsql

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"lockers/internal/account"
)

// GrantCoupon gives the user the full pack unless subject holds it already. An
// unknown pack grants nothing rather than failing a registration: the operator
// may have retired it.
func (r *repo) GrantCoupon(ctx context.Context, userID, code, subject string, at time.Time) (bool, error) {
	var free int
	err := mapErr(r.q.QueryRowContext(ctx, `SELECT free_orders FROM coupon_packs WHERE code = $1`, code).Scan(&free))
	if errors.Is(err, account.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return r.execAny(ctx, `INSERT INTO user_coupons (id, user_id, pack_code, remaining, subject, registered_at)
		VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (pack_code, subject) DO NOTHING`,
		uuid.NewString(), userID, code, free, subject, at.UTC())
}

func (r *repo) InsertEvent(ctx context.Context, e account.Event) error {
	_, err := r.exec(ctx, `INSERT INTO events (id, type, user_id, device_id, source, campaign, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		e.ID, string(e.Type), nullString(e.UserID), nullString(e.DeviceID), e.Source, e.Campaign, e.CreatedAt.UTC())
	return err
}

// StationExists implements account.Stations for the default station.
func (s *Store) StationExists(ctx context.Context, id string) (bool, error) {
	if !validID(id) {
		return false, nil
	}
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM stations WHERE id = $1`, id).Scan(&n); err != nil {
		return false, err
	}
	return n > 0, nil
}

// BindCouponPhone checks before writing: on PostgreSQL a refused statement would
// abort the caller's transaction. Two accounts cannot verify one phone at the
// same moment (users_phone_idx), so the check and the write do not race in
// practice; if they ever do, the unique index answers ErrConflict.
func (r *repo) BindCouponPhone(ctx context.Context, userID, code, phoneSubject string) (bool, error) {
	if !validID(userID) {
		return false, account.ErrNotFound
	}
	var taken int
	err := r.q.QueryRowContext(ctx, `SELECT count(*) FROM user_coupons
		WHERE pack_code = $1 AND phone_subject = $2 AND user_id <> $3`, code, phoneSubject, userID).Scan(&taken)
	if err != nil {
		return false, err
	}
	if taken > 0 {
		_, err := r.exec(ctx, `UPDATE user_coupons SET remaining = 0
			WHERE user_id = $1 AND pack_code = $2 AND phone_subject IS NULL`, userID, code)
		return false, err
	}
	_, err = r.exec(ctx, `UPDATE user_coupons SET phone_subject = $3
		WHERE user_id = $1 AND pack_code = $2 AND phone_subject IS NULL`, userID, code, phoneSubject)
	return err == nil, err
}
