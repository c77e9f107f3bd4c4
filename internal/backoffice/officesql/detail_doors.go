package officesql

import (
	"context"
	"database/sql"

	"lockers/internal/backoffice"
	"lockers/internal/store"
)

// orderDoors lists the door commands of an order's compartments, oldest first.
func (s *Store) orderDoors(ctx context.Context, orderID string) ([]backoffice.DoorCommandRow, error) {
	return collect(ctx, s.db, func(r *sql.Rows) (backoffice.DoorCommandRow, error) {
		var (
			d                                  backoffice.DoorCommandRow
			kind                               sql.NullString
			accepted, rejected, opened, closed sql.NullTime
		)
		err := r.Scan(&d.ID, &d.Label, &d.Reason, &kind, &d.CreatedAt, &accepted, &rejected, &opened, &closed)
		d.CodeKind, d.CreatedAt = kind.String, d.CreatedAt.UTC()
		d.AcceptedAt, d.RejectedAt, d.OpenedAt, d.ClosedAt = store.TimeOf(accepted), store.TimeOf(rejected), store.TimeOf(opened), store.TimeOf(closed)
		return d, err
	}, `SELECT d.id, l.label, d.reason, d.code_kind, d.created_at, d.accepted_at, d.rejected_at, d.opened_at, d.closed_at
		FROM order_lockers ol JOIN door_commands d ON d.order_locker_id = ol.id JOIN lockers l ON l.id = d.locker_id
		WHERE ol.order_id = $1 ORDER BY d.created_at, d.id`, orderID)
}
