package officesql

import (
	"context"
	"time"

	"lockers/internal/backoffice"
)

// Dashboard counts today's figures in SQL.
func (s *Store) Dashboard(ctx context.Context) (backoffice.Dashboard, error) {
	now := s.Now()
	day := now.Truncate(24 * time.Hour)
	next := day.Add(24 * time.Hour)
	d := backoffice.Dashboard{Day: day.Format(time.DateOnly)}
	var paid, refunded int64
	// Lockers in use are counted a locker at a time (one index probe each):
	// count(DISTINCT locker_id) over the live order lockers made SQLite walk
	// the (locker_id, ends_at) index over every live row to skip a sort, 224 ms
	// at a million orders.
	err := s.db.QueryRowContext(ctx, `SELECT
		(SELECT count(*) FROM orders o WHERE o.created_at >= $1 AND o.created_at < $2 AND `+bookedOrder+`),
		(SELECT coalesce(sum(amount_cents), 0) FROM payments WHERE paid_at >= $1 AND paid_at < $2),
		(SELECT coalesce(sum(amount_cents), 0) FROM refunds WHERE state = 'succeeded' AND refunded_at >= $1 AND refunded_at < $2),
		(SELECT count(*) FROM lockers l JOIN stations s ON s.id = l.station_id WHERE s.active = $4),
		(SELECT count(*) FROM lockers l WHERE EXISTS (SELECT 1 FROM order_lockers ol
			WHERE ol.locker_id = l.id AND ol.live AND ol.ends_at > $3 AND ol.starts_at <= $3)),
		(SELECT count(*) FROM orders WHERE status IN ('reserved', 'unpaid', 'processing')),
		(SELECT count(*) FROM orders WHERE status IN ('active', 'extended')),
		(SELECT count(*) FROM locker_issues WHERE state IN ('open', 'in_progress')),
		(SELECT count(*) FROM stations WHERE active = $4 AND link_state = 'offline')`,
		day, next, now, true).Scan(&d.BookingsToday, &paid, &refunded, &d.LockersTotal, &d.LockersInUse, &d.OpenHolds,
		&d.RentalsRunning, &d.OpenIssues, &d.StationsOffline)
	if err != nil {
		return backoffice.Dashboard{}, internal("dashboard", err)
	}
	d.RevenueCents = paid - refunded
	return d, nil
}
