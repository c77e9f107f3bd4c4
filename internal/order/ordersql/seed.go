package ordersql

import (
	"context"
	"fmt"
	"time"

	"lockers/internal/store"
)

// SeedHistory writes, in tx, the history of the availability benchmark
// (internal/seed): orders finalized one-hour orders of userID over the
// station's compartments, perLocker a compartment, before before, each with
// its order locker, with set-based SQL in time order per compartment. tag (four
// hex digits) keeps two seeded stations' ids apart.
func SeedHistory(ctx context.Context, tx *store.Tx, stationID, userID string, perLocker, orders int, tag string,
	before time.Time) error {
	q := seedHistorySQLite
	if tx.Dialect() == store.Postgres {
		q = seedHistoryPostgres
	}
	for _, stmt := range q {
		if _, err := tx.ExecContext(ctx, stmt, stationID, userID, perLocker, orders, tag, before.Unix()); err != nil {
			return fmt.Errorf("seed history: %w", err)
		}
	}
	return nil
}

// The plan shared by both statements: locker number k (by label) gets orders
// i = 1..$3 (only the first $4 in total), order i running from before-2i h to
// before-2i+1 h. Ids derive from (k, $5 run tag, i) so an order and its order
// locker match without a join. Rows go in oldest first: each new booking of a
// locker starts after all earlier ones ended, which keeps the SQLite overlap
// trigger's index probe empty. $1 station, $2 user, $3 orders per locker,
// $4 orders in total, $5 run tag (4 hex digits), $6 before (Unix seconds).
const loadPlanPostgres = `WITH l AS (SELECT id, height, type, temperature,
		row_number() OVER (ORDER BY label) - 1 AS k, count(*) OVER () AS n FROM lockers WHERE station_id = $1),
	p AS (SELECT l.*, i, $1::uuid AS sid, $2::uuid AS uid, to_timestamp($6) - make_interval(hours => 2 * i) AS s,
			to_timestamp($6) - make_interval(hours => 2 * i - 1) AS e,
			(lpad(to_hex(l.k), 8, '0') || '-' || $5 || '-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid AS oid,
			(lpad(to_hex(l.k), 8, '0') || '-' || $5 || '-4000-9000-' || lpad(to_hex(i), 12, '0'))::uuid AS olid
		FROM l CROSS JOIN generate_series(1, $3::int) AS i WHERE (i - 1) * l.n + l.k < $4::int) `

const loadPlanSQLite = `WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r WHERE i < $3),
	l AS (SELECT id, height, type, temperature,
		row_number() OVER (ORDER BY label) - 1 AS k, count(*) OVER () AS n FROM lockers WHERE station_id = $1),
	p AS (SELECT l.*, i, $1 AS sid, $2 AS uid, strftime('%Y-%m-%d %H:%M:%S+00:00', $6, 'unixepoch', printf('-%d hours', 2 * i)) AS s,
			strftime('%Y-%m-%d %H:%M:%S+00:00', $6, 'unixepoch', printf('-%d hours', 2 * i - 1)) AS e,
			printf('%08x-%s-4000-8000-%012x', l.k, $5, i) AS oid,
			printf('%08x-%s-4000-9000-%012x', l.k, $5, i) AS olid
		FROM l CROSS JOIN r WHERE (i - 1) * l.n + l.k < $4) `

const loadOrders = `INSERT INTO orders (id, user_id, station_id, status, height, type, temperature, starts_at, ends_at,
		reserved_until, confirmed_at, created_at, updated_at)
	SELECT oid, uid, sid, 'finalized', height, type, temperature, s, e, s, s, s, e FROM p ORDER BY i DESC, k`

const loadOrderLockers = `INSERT INTO order_lockers (id, order_id, locker_id, status, delivery_code, picking_code,
		starts_at, ends_at, delivery_used_at, picking_used_at, live)
	SELECT olid, oid, id, 'picked', '111111', '222222', s, e, s, e, true
	FROM p ORDER BY i DESC, k`

var (
	seedHistoryPostgres = []string{loadPlanPostgres + loadOrders, loadPlanPostgres + loadOrderLockers}
	seedHistorySQLite   = []string{loadPlanSQLite + loadOrders, loadPlanSQLite + loadOrderLockers}
)
