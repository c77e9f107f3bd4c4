package ordersql

import (
	"context"
	"time"

	"lockers/internal/store"
)

// MoveBooking moves a live booking from one compartment to another of the same
// station inside the caller's transaction (an operator took its compartment out
// of service); its codes stay, the station looks them up by order locker. False
// when the booking is not live on from any more.
func MoveBooking(ctx context.Context, tx *store.Tx, orderLockerID, from, to string, now time.Time) (bool, error) {
	res, err := tx.ExecContext(ctx, `UPDATE order_lockers SET locker_id = $3 WHERE id = $1 AND locker_id = $2 AND live`,
		orderLockerID, from, to)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	if err != nil || n == 0 {
		return false, err
	}
	_, err = tx.ExecContext(ctx, `UPDATE orders SET updated_at = $2 WHERE id = (SELECT order_id FROM order_lockers WHERE id = $1)`,
		orderLockerID, now.UTC())
	return err == nil, err
}
