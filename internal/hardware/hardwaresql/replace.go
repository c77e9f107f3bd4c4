package hardwaresql

import (
	"context"
	"database/sql"
	"errors"

	"lockers/internal/hardware"
	"lockers/internal/order/ordersql"
	"lockers/internal/store"
)

// MoveToFree moves a rental off an out-of-service compartment onto a free one
// of the same size, type and temperature at the station, for its whole
// timeframe. The overlap guards (PostgreSQL's exclusion constraint, SQLite's
// triggers) still decide a race: a lost one fails this call, and a second tap
// finds the next free compartment.
func (s *Store) MoveToFree(ctx context.Context, orderLockerID string) error {
	return s.db.InTx(ctx, func(tx *store.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT c.id FROM order_lockers ol
			JOIN lockers l ON l.id = ol.locker_id AND l.state = 'out_of_service'
			JOIN lockers c ON c.station_id = l.station_id AND c.height = l.height AND c.type = l.type
				AND c.temperature = l.temperature AND c.state = 'available' AND c.id <> l.id
			WHERE ol.id = $1 AND ol.live AND NOT EXISTS (SELECT 1 FROM order_lockers o WHERE o.locker_id = c.id AND o.live
				AND o.starts_at < ol.ends_at AND ol.starts_at < o.ends_at)
			ORDER BY c.label`, orderLockerID)
		if err != nil {
			return err
		}
		var candidates []string
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return err
			}
			candidates = append(candidates, id)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if len(candidates) == 0 {
			var state string
			err := tx.QueryRowContext(ctx, `SELECT l.state FROM order_lockers ol JOIN lockers l ON l.id = ol.locker_id
				WHERE ol.id = $1`, orderLockerID).Scan(&state)
			if errors.Is(err, sql.ErrNoRows) || (err == nil && state != "out_of_service") {
				return hardware.ErrNotFound
			}
			if err != nil {
				return err
			}
			return hardware.ErrNoneFree
		}
		// The first candidate is free inside this transaction (SQLite's single
		// writer; on PostgreSQL the exclusion constraint refuses a lost race).
		return ordersql.MoveLocker(ctx, tx, orderLockerID, candidates[0])
	})
}
