package officesql

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"lockers/internal/backoffice"
	"lockers/internal/store"
)

// lockerRentals reads the live bookings of a compartment that end after now,
// by start (order_lockers_locker_ends_idx: this compartment's only).
func lockerRentals(ctx context.Context, q store.Querier, stationID, lockerID string, now time.Time) ([]backoffice.RentalOnLocker, error) {
	return collect(ctx, q, func(r *sql.Rows) (backoffice.RentalOnLocker, error) {
		var x backoffice.RentalOnLocker
		err := r.Scan(&x.OrderLockerID, &x.OrderID, &x.UserID, &x.UserEmail, &x.Status, &x.PaidCents, &x.StartsAt, &x.EndsAt)
		x.StartsAt, x.EndsAt = x.StartsAt.UTC(), x.EndsAt.UTC()
		return x, err
	}, `SELECT ol.id, o.id, o.user_id, COALESCE(u.email, ''), o.status, o.paid_cents, ol.starts_at, ol.ends_at
		FROM order_lockers ol JOIN orders o ON o.id = ol.order_id JOIN lockers l ON l.id = ol.locker_id
		LEFT JOIN users u ON u.id = o.user_id
		WHERE ol.locker_id = $1 AND l.station_id = $2 AND ol.live AND ol.ends_at > $3
		ORDER BY ol.starts_at, ol.id`, lockerID, stationID, now.UTC())
}

// freeTwin finds a compartment of the station of the same kind as lockerID
// (size, type, temperature), in service, with no live booking overlapping
// [start, end), the lowest label first; "" when there is none. The booking
// overlap probe is the one booking makes (order_lockers_locker_ends_idx).
func freeTwin(ctx context.Context, q store.Querier, stationID, lockerID string, start, end time.Time) (id, label string, err error) {
	err = q.QueryRowContext(ctx, `SELECT l.id, l.label FROM lockers l JOIN lockers me ON me.id = $2
		WHERE l.station_id = $1 AND me.station_id = $1 AND l.id <> me.id AND l.height = me.height
		  AND l.type = me.type AND l.temperature = me.temperature AND l.state = 'available'
		  AND NOT EXISTS (SELECT 1 FROM order_lockers x WHERE x.locker_id = l.id AND x.live
			AND x.ends_at > $3 AND x.starts_at < $4)
		ORDER BY l.label, l.id LIMIT 1`, stationID, lockerID, start.UTC(), end.UTC()).Scan(&id, &label)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", nil
	}
	return id, label, err
}

// LockerRentals is the read model's lockerRentals outside a write.
func (s *Store) LockerRentals(ctx context.Context, stationID, lockerID string, now time.Time) ([]backoffice.RentalOnLocker, error) {
	return lockerRentals(ctx, s.db, stationID, lockerID, now)
}

// FreeTwin is the read model's freeTwin outside a write.
func (s *Store) FreeTwin(ctx context.Context, stationID, lockerID string, start, end time.Time) (string, string, error) {
	return freeTwin(ctx, s.db, stationID, lockerID, start, end)
}

func (r txReads) LockerRentals(ctx context.Context, stationID, lockerID string, now time.Time) ([]backoffice.RentalOnLocker, error) {
	return lockerRentals(ctx, r.tx, stationID, lockerID, now)
}

func (r txReads) FreeTwin(ctx context.Context, stationID, lockerID string, start, end time.Time) (string, string, error) {
	return freeTwin(ctx, r.tx, stationID, lockerID, start, end)
}
