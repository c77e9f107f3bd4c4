package promosql

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/google/uuid"

	"lockers/internal/promo"
	"lockers/internal/store"
)

// The functions below are the coupon statements another domain runs in its own
// transaction, q: an order spends and returns free orders and reads the coupon
// it used; the accounts domain grants the first-orders-free pack and binds it to
// a verified phone. Each is one statement or a check and a write, never a
// transaction of its own.

// Use spends one free order of the coupon; false when none is left or the pack
// expired by at. The conditional UPDATE is atomic, so two orders can never spend
// the last free order twice.
func Use(ctx context.Context, q store.Querier, couponID string, at time.Time) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE user_coupons SET remaining = remaining - 1
		WHERE id = $1 AND remaining > 0
		  AND NOT EXISTS (SELECT 1 FROM coupon_packs p WHERE p.code = user_coupons.pack_code
			AND p.valid_until IS NOT NULL AND p.valid_until <= $2)`, couponID, at.UTC())
	return changed(res, err)
}

// Return gives one free order back to the coupon.
func Return(ctx context.Context, q store.Querier, couponID string) error {
	_, err := q.ExecContext(ctx, `UPDATE user_coupons SET remaining = remaining + 1 WHERE id = $1`, couponID)
	return err
}

// CouponByID reads one coupon with its pack; sql.ErrNoRows when there is none.
func CouponByID(ctx context.Context, q store.Querier, couponID string) (promo.Coupon, error) {
	return scanCoupon(q.QueryRowContext(ctx, `SELECT `+couponColumns+`
		FROM user_coupons uc JOIN coupon_packs p ON p.code = uc.pack_code WHERE uc.id = $1`, couponID))
}

// Grant gives the user the full pack with this code unless subject (a hash of
// the verified e-mail) holds it already, and reports whether it granted. An
// unknown pack grants nothing rather than failing a registration: the operator
// may have retired it.
func Grant(ctx context.Context, q store.Querier, userID, code, subject string, at time.Time) (bool, error) {
	var free int
	err := q.QueryRowContext(ctx, `SELECT free_orders FROM coupon_packs WHERE code = $1`, code).Scan(&free)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return changed(q.ExecContext(ctx, `INSERT INTO user_coupons (id, user_id, pack_code, remaining, subject, registered_at)
		VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (pack_code, subject) DO NOTHING`,
		uuid.NewString(), userID, code, free, subject, at.UTC()))
}

// BindPhone records phoneSubject (a hash of a verified phone) on the user's pack
// with this code, once per pack. When another holder of the pack bound the same
// phone already, the user's pack is emptied instead and it reports false. A user
// without the pack is left alone (true).
//
// It checks before writing: on PostgreSQL a refused statement would abort the
// caller's transaction. Two accounts cannot verify one phone at the same moment
// (users_phone_idx), so the check and the write do not race in practice; if they
// ever do, user_coupons_phone_idx refuses the write (store.Unique).
func BindPhone(ctx context.Context, q store.Querier, userID, code, phoneSubject string) (bool, error) {
	var taken int
	err := q.QueryRowContext(ctx, `SELECT count(*) FROM user_coupons
		WHERE pack_code = $1 AND phone_subject = $2 AND user_id <> $3`, code, phoneSubject, userID).Scan(&taken)
	if err != nil {
		return false, err
	}
	if taken > 0 {
		_, err := q.ExecContext(ctx, `UPDATE user_coupons SET remaining = 0
			WHERE user_id = $1 AND pack_code = $2 AND phone_subject IS NULL`, userID, code)
		return false, err
	}
	_, err = q.ExecContext(ctx, `UPDATE user_coupons SET phone_subject = $3
		WHERE user_id = $1 AND pack_code = $2 AND phone_subject IS NULL`, userID, code, phoneSubject)
	return err == nil, err
}

// changed reports whether a write changed a row.
func changed(res sql.Result, err error) (bool, error) {
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// InsertPack adds a coupon pack inside the caller's transaction (the back
// office audits it in the same one). A taken code reports false.
func InsertPack(ctx context.Context, q store.Querier, p promo.Pack) (bool, error) {
	var station, until any
	if p.StationID != "" {
		station = p.StationID
	}
	if !p.ValidUntil.IsZero() {
		until = p.ValidUntil.UTC()
	}
	return changed(q.ExecContext(ctx, `INSERT INTO coupon_packs (code, name_en, name_et, free_orders, station_id, valid_until)
		VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (code) DO NOTHING`,
		p.Code, p.NameEN, p.NameET, p.FreeOrders, station, until))
}

// AdminIn is promo.AdminSteps inside tx, the caller's transaction (the back
// office's, which records the audit row in it too). The rules are the
// promotions domain's (promo.AddPack, GrantPack).
func AdminIn(tx *store.Tx) promo.AdminSteps { return adminSteps{tx} }

type adminSteps struct{ tx *store.Tx }

func (s adminSteps) InsertPack(ctx context.Context, p promo.Pack) (bool, error) {
	return InsertPack(ctx, s.tx, p)
}

func (s adminSteps) PackExists(ctx context.Context, code string) (bool, error) {
	var n int
	err := s.tx.QueryRowContext(ctx, `SELECT count(*) FROM coupon_packs WHERE code = $1`, code).Scan(&n)
	return n > 0, err
}

func (s adminSteps) Grant(ctx context.Context, userID, code, subject string, at time.Time) (bool, error) {
	return Grant(ctx, s.tx, userID, code, subject, at)
}
