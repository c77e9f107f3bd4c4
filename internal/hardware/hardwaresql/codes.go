package hardwaresql

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"lockers/internal/hardware"
	"lockers/internal/order/ordersql"
	"lockers/internal/store"
)

// AddCode stores a new code unless the station has it live already; replaces
// (when set) is removed in the same transaction, so the old code stops working
// the moment the new one exists. On PostgreSQL the code is locked at the
// station first (the lock the booking trigger takes too, migration 00023), so
// two writers of one code, a booking among them, cannot both pass the check.
func (s *Store) AddCode(ctx context.Context, c hardware.Code, replaces string, now time.Time) error {
	return s.db.InTx(ctx, func(tx *store.Tx) error {
		if tx.Dialect() == store.Postgres {
			if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(code_lock_key($1, $2))`, c.StationID, c.Code); err != nil {
				return err
			}
		}
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM locker_codes c
			JOIN order_lockers ol ON ol.id = c.order_locker_id
			WHERE c.station_id = $1 AND c.code = $2 AND c.removed_at IS NULL AND ol.live AND ol.ends_at > $3`,
			c.StationID, c.Code, now.UTC()).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return hardware.ErrCodeTaken
		}
		if replaces != "" {
			res, err := tx.ExecContext(ctx, `UPDATE locker_codes SET removed_at = $3
				WHERE id = $1 AND order_locker_id = $2 AND removed_at IS NULL`, replaces, c.OrderLockerID, now.UTC())
			if err != nil {
				return err
			}
			if k, _ := res.RowsAffected(); k == 0 {
				return hardware.ErrNotFound
			}
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO locker_codes (id, order_locker_id, station_id, kind, code, created_at)
			VALUES ($1, $2, $3, $4, $5, $6)`, c.ID, c.OrderLockerID, c.StationID, string(c.Kind), c.Code, c.CreatedAt.UTC()); err != nil {
			return err
		}
		return mirror(ctx, tx, c.OrderLockerID)
	})
}

// RemoveCode removes a code unless it is the last of its kind.
func (s *Store) RemoveCode(ctx context.Context, orderLockerID, codeID string, now time.Time) error {
	return s.db.InTx(ctx, func(tx *store.Tx) error {
		var kind string
		err := tx.QueryRowContext(ctx, `SELECT kind FROM locker_codes WHERE id = $1 AND order_locker_id = $2 AND removed_at IS NULL`,
			codeID, orderLockerID).Scan(&kind)
		if errors.Is(err, sql.ErrNoRows) {
			return hardware.ErrNotFound
		}
		if err != nil {
			return err
		}
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM locker_codes WHERE order_locker_id = $1 AND kind = $2 AND removed_at IS NULL`,
			orderLockerID, kind).Scan(&n); err != nil {
			return err
		}
		if n <= 1 {
			return hardware.ErrLastCode
		}
		if _, err := tx.ExecContext(ctx, `UPDATE locker_codes SET removed_at = $2 WHERE id = $1`, codeID, now.UTC()); err != nil {
			return err
		}
		return mirror(ctx, tx, orderLockerID)
	})
}

// mirror copies the oldest live code of each kind (and its last use) into the
// order locker, whose delivery_code / picking_code the order views show
// (through the orders store: order_lockers is the orders domain's).
func mirror(ctx context.Context, tx *store.Tx, orderLockerID string) error {
	return ordersql.MirrorCodes(ctx, tx, orderLockerID)
}
