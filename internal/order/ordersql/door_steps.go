package ordersql

import (
	"context"
	"time"

	"lockers/internal/store"
)

// The steps below are the door-driven facts of an order locker: the hardware
// domain's store calls them inside its own transactions (hardwaresql), so a
// door event, the command it answers and the rental's state commit together.
// They are the only writes to order_lockers outside this package's own
// transactions.

// MarkOpened records that an order locker's door opened at at (the earliest
// opening is kept).
func MarkOpened(ctx context.Context, tx *store.Tx, orderLockerID string, at time.Time) error {
	_, err := tx.ExecContext(ctx, `UPDATE order_lockers SET opened_at = $2
		WHERE id = $1 AND (opened_at IS NULL OR opened_at > $2)`, orderLockerID, at.UTC())
	return err
}

// MarkOpenedAt records that the rental running at at in a station's
// compartment (by label) was opened then: the station opened by itself for it
// (an offline PIN).
func MarkOpenedAt(ctx context.Context, tx *store.Tx, stationID, label string, at time.Time) error {
	_, err := tx.ExecContext(ctx, `UPDATE order_lockers SET opened_at = $3
		WHERE live AND starts_at <= $3 AND ends_at > $3 AND (opened_at IS NULL OR opened_at > $3)
		AND locker_id = (SELECT id FROM lockers WHERE station_id = $1 AND label = $2)`, stationID, label, at.UTC())
	return err
}

// SetLockerStatus moves an order locker's own status (delivered, picked: the
// hardware's door cycles decide, hardware.AfterCycle).
func SetLockerStatus(ctx context.Context, tx *store.Tx, orderLockerID, status string) error {
	_, err := tx.ExecContext(ctx, `UPDATE order_lockers SET status = $2 WHERE id = $1`, orderLockerID, status)
	return err
}

// MirrorCodes copies the oldest live code of each kind (and its last use)
// from the hardware's locker_codes into the order locker, whose
// delivery_code / picking_code the order views show.
func MirrorCodes(ctx context.Context, tx *store.Tx, orderLockerID string) error {
	_, err := tx.ExecContext(ctx, `UPDATE order_lockers SET
		delivery_code = (SELECT c.code FROM locker_codes c WHERE c.order_locker_id = order_lockers.id
			AND c.kind = 'delivery' AND c.removed_at IS NULL ORDER BY c.created_at, c.id LIMIT 1),
		delivery_used_at = (SELECT c.last_used_at FROM locker_codes c WHERE c.order_locker_id = order_lockers.id
			AND c.kind = 'delivery' AND c.removed_at IS NULL ORDER BY c.created_at, c.id LIMIT 1),
		picking_code = (SELECT c.code FROM locker_codes c WHERE c.order_locker_id = order_lockers.id
			AND c.kind = 'picking' AND c.removed_at IS NULL ORDER BY c.created_at, c.id LIMIT 1),
		picking_used_at = (SELECT c.last_used_at FROM locker_codes c WHERE c.order_locker_id = order_lockers.id
			AND c.kind = 'picking' AND c.removed_at IS NULL ORDER BY c.created_at, c.id LIMIT 1)
		WHERE id = $1`, orderLockerID)
	return err
}

// MoveLocker moves an order locker to another compartment for its whole
// timeframe (the caller chose a free one of the same kind; the overlap guards
// still refuse a lost race).
func MoveLocker(ctx context.Context, tx *store.Tx, orderLockerID, lockerID string) error {
	_, err := tx.ExecContext(ctx, `UPDATE order_lockers SET locker_id = $2 WHERE id = $1`, orderLockerID, lockerID)
	return err
}
