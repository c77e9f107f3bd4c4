// Package promosql holds every statement on the coupon tables (coupon_packs,
// user_coupons): promo.Store for the promotions service (store.go), and the
// steps other domains take inside their own transactions (steps.go).
package promosql

import (
	"context"
	"database/sql"
	"errors"

	"lockers/internal/promo"
	"lockers/internal/store"
)

// Store keeps coupon packs and the users' coupons.
type Store struct{ db *store.DB }

// New returns a Store on db.
func New(db *store.DB) *Store { return &Store{db: db} }

var _ promo.Store = (*Store)(nil)

// couponColumns selects a coupon joined with its pack (aliases uc and p); scanCoupon reads them.
const couponColumns = `uc.id, uc.user_id, uc.remaining, uc.registered_at,
	p.code, p.name_en, p.name_et, p.free_orders, p.station_id, p.valid_until`

// scanCoupon reads couponColumns.
func scanCoupon(row interface{ Scan(...any) error }) (promo.Coupon, error) {
	var (
		c       promo.Coupon
		station sql.NullString
		until   sql.NullTime
	)
	err := row.Scan(&c.ID, &c.UserID, &c.Remaining, &c.RegisteredAt,
		&c.Pack.Code, &c.Pack.NameEN, &c.Pack.NameET, &c.Pack.FreeOrders, &station, &until)
	c.RegisteredAt = c.RegisteredAt.UTC()
	c.Pack.StationID = station.String
	if until.Valid {
		c.Pack.ValidUntil = until.Time.UTC()
	}
	return c, err
}

// Coupons lists the user's coupons, newest first. Every booking asks, so the
// statement is kept prepared.
func (s *Store) Coupons(ctx context.Context, userID string) ([]promo.Coupon, error) {
	rows, err := s.db.Prepared().QueryContext(ctx, `SELECT `+couponColumns+`
		FROM user_coupons uc JOIN coupon_packs p ON p.code = uc.pack_code
		WHERE uc.user_id = $1 ORDER BY uc.registered_at DESC, uc.id`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []promo.Coupon{}
	for rows.Next() {
		c, err := scanCoupon(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// Pack returns a pack by code.
func (s *Store) Pack(ctx context.Context, code string) (promo.Pack, error) {
	var (
		p       promo.Pack
		station sql.NullString
		until   sql.NullTime
	)
	err := s.db.QueryRowContext(ctx, `SELECT code, name_en, name_et, free_orders, station_id, valid_until
		FROM coupon_packs WHERE code = $1`, code).Scan(&p.Code, &p.NameEN, &p.NameET, &p.FreeOrders, &station, &until)
	if errors.Is(err, sql.ErrNoRows) {
		return p, promo.ErrPackNotFound
	}
	p.StationID = station.String
	if until.Valid {
		p.ValidUntil = until.Time.UTC()
	}
	return p, err
}

// Register inserts the coupon unless the user holds the pack already. The check
// and the insert share the writer transaction; a unique rule on the holder, where
// the schema has one, turns a concurrent duplicate into the same answer.
func (s *Store) Register(ctx context.Context, c promo.Coupon, subject string) error {
	err := s.db.InTx(ctx, func(tx *store.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM user_coupons WHERE user_id = $1 AND pack_code = $2`,
			c.UserID, c.Pack.Code).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return promo.ErrAlreadyRegistered
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO user_coupons (id, user_id, pack_code, remaining, subject, registered_at)
			VALUES ($1, $2, $3, $4, $5, $6)`, c.ID, c.UserID, c.Pack.Code, c.Remaining, subject, c.RegisteredAt.UTC())
		return err
	})
	if store.Violates(err, store.Unique) {
		return promo.ErrAlreadyRegistered
	}
	return err
}
