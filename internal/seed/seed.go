// Package seed writes the benchmark data of the load tests: a station with many
// lockers and, optionally, a long history of finished orders. `lockerd
// seed-load`, the booking load test and the availability benchmark use it; it
// imports nothing of the domains, so any store's tests may seed with it.
package seed

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"lockers/internal/store"
)

// Load creates the data of the availability benchmark (issue 4
// "Performance"): a new active station with lockers compartments (small and big,
// every temperature) and orders finalized one-hour orders spread over them
// before `before`, each with its order locker, as a long-running service would
// have. It returns the station's id. Rows go in with set-based SQL, in time
// order per locker, so a million orders take seconds, not hours.
func Load(ctx context.Context, db *store.DB, lockers, orders int, before time.Time) (string, error) {
	if lockers < 1 || orders < 0 {
		return "", fmt.Errorf("seed: need at least one locker")
	}
	stationID, userID := uuid.NewString(), uuid.NewString()
	before = before.UTC().Truncate(time.Hour)
	perLocker := (orders + lockers - 1) / lockers
	err := db.InTx(ctx, func(tx *store.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO stations (id, name, address, city, latitude, longitude)
			VALUES ($1, $2, 'Load 1', 'Tallinn', 59.437, 24.7536)`, stationID, "Load test "+stationID[:8]); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO users (id, email, verified_at, created_at, updated_at)
			VALUES ($1, $2, $3, $3, $3)`, userID, "load-"+userID+"@example.invalid", before); err != nil {
			return err
		}
		for k := range lockers {
			height, mm := "small", 360
			if k%2 == 1 {
				height, mm = "big", 740
			}
			temp := []string{"cool", "neutral", "warm"}[k%3]
			if _, err := tx.ExecContext(ctx, `INSERT INTO lockers (id, station_id, label, height, type, temperature,
					height_mm, width_mm, depth_mm) VALUES ($1, $2, $3, $4, 'standard', $5, $6, 440, 600)`,
				uuid.NewString(), stationID, fmt.Sprintf("L%04d", k), height, temp, mm); err != nil {
				return err
			}
		}
		tag := stationID[9:13] // four hex digits that keep two seeded stations' ids apart
		q := seedLoadSQLite
		if tx.Dialect() == store.Postgres {
			q = seedLoadPostgres
		}
		for _, stmt := range q {
			if _, err := tx.ExecContext(ctx, stmt, stationID, userID, perLocker, orders, tag, before.Unix()); err != nil {
				return fmt.Errorf("seed: %w", err)
			}
		}
		return nil
	})
	if err != nil || db.Dialect() != store.SQLite {
		return stationID, err
	}
	// Copy the big write-ahead log into the database file now, as closing the
	// seed command would: until then every read searches the log's index.
	_, err = db.ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`)
	return stationID, err
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
	seedLoadPostgres = []string{loadPlanPostgres + loadOrders, loadPlanPostgres + loadOrderLockers}
	seedLoadSQLite   = []string{loadPlanSQLite + loadOrders, loadPlanSQLite + loadOrderLockers}
)
