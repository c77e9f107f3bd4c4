package hardwaresql

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"lockers/internal/hardware"
)

var _ hardware.GuestStore = (*Store)(nil)

// InsertGuestLink stores a link by its token's hash.
func (s *Store) InsertGuestLink(ctx context.Context, g hardware.GuestLink, tokenHash string) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO guest_links (id, order_locker_id, token_hash, created_at) VALUES ($1, $2, $3, $4)`,
		g.ID, g.OrderLockerID, tokenHash, g.CreatedAt.UTC())
	return err
}

// GuestLinks lists an order locker's links that are not revoked.
func (s *Store) GuestLinks(ctx context.Context, orderLockerID string) ([]hardware.GuestLink, error) {
	rows, err := s.db.Prepared().QueryContext(ctx, `SELECT id, order_locker_id, created_at FROM guest_links
		WHERE order_locker_id = $1 AND revoked_at IS NULL ORDER BY created_at, id`, orderLockerID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []hardware.GuestLink
	for rows.Next() {
		var g hardware.GuestLink
		if err := rows.Scan(&g.ID, &g.OrderLockerID, &g.CreatedAt); err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

// RevokeGuestLink ends a link (ErrNotFound when it is not the locker's or ended).
func (s *Store) RevokeGuestLink(ctx context.Context, orderLockerID, id string, now time.Time) error {
	res, err := s.db.ExecContext(ctx, `UPDATE guest_links SET revoked_at = $3
		WHERE id = $1 AND order_locker_id = $2 AND revoked_at IS NULL`, id, orderLockerID, now.UTC())
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return hardware.ErrNotFound
	}
	return nil
}

// GuestByToken reads what a live link shows.
func (s *Store) GuestByToken(ctx context.Context, tokenHash string) (hardware.GuestView, error) {
	var v hardware.GuestView
	var orderLockerID string
	err := s.db.Prepared().QueryRowContext(ctx, `SELECT order_locker_id FROM guest_links WHERE token_hash = $1 AND revoked_at IS NULL`,
		tokenHash).Scan(&orderLockerID)
	if errors.Is(err, sql.ErrNoRows) {
		return v, hardware.ErrNotFound
	}
	if err != nil {
		return v, err
	}
	if v.Target, err = s.Target(ctx, orderLockerID); err != nil {
		return v, err
	}
	if err := s.db.Prepared().QueryRowContext(ctx, `SELECT name, address, city, time_zone, latitude, longitude FROM stations WHERE id = $1`,
		v.StationID).Scan(&v.StationName, &v.Address, &v.City, &v.TimeZone, &v.Latitude, &v.Longitude); err != nil {
		return v, err
	}
	codes, err := s.Codes(ctx, orderLockerID)
	if err != nil {
		return v, err
	}
	for _, c := range codes {
		if c.Kind == hardware.Picking {
			v.Codes = append(v.Codes, c)
		}
	}
	return v, nil
}
