package loadtest

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/google/uuid"

	"lockers/internal/store"
)

var errNoLockers = errors.New("no free locker")

// product is one kind of compartment of the seeded station.
type product struct{ height, temperature string }

// products are the six kinds seed.Load creates (type "standard").
var products = []product{
	{"small", "cool"}, {"big", "neutral"}, {"small", "warm"}, {"big", "cool"}, {"small", "neutral"}, {"big", "warm"},
}

// rawBook is the core of a booking's database work, in one transaction,
// the way ordersql.Book worked before its one-statement (PostgreSQL) and group
// commit (SQLite) paths: insert the order, list the product's lockers free for
// the timeframe, and insert the order locker into one of them
// (on PostgreSQL the exclusion constraint turns a lost race into DO NOTHING and
// the next candidate is tried; SQLite holds the write lock from BEGIN
// IMMEDIATE). No price lines and no coupon (rawWholeBook adds them), no reading
// the order back. Like
// order.Service, it draws the codes again when the station holds one live
// already (a clash among a few hundred live codes is a matter of luck).
func rawBook(ctx context.Context, db *store.DB, userID, stationID string, p product, start, end time.Time) error {
	return rawBookWith(ctx, db, userID, stationID, "", p, start, end)
}

// rawWholeBook is rawBook with the rest of the database work order.create
// does for a booking: it reads the user's usable coupon first, the order
// carries it, and the order's two price lines (the rental and the coupon that
// cancels it) are inserted with it, so that only the API's own work (HTTP,
// JSON, the rpc layer, authentication, the domain code) sets the two apart.
func rawWholeBook(ctx context.Context, db *store.DB, userID, stationID string, p product, start, end time.Time) error {
	var coupon string
	if err := db.QueryRowContext(ctx, `SELECT uc.id FROM user_coupons uc JOIN coupon_packs p ON p.code = uc.pack_code
		WHERE uc.user_id = $1 AND uc.remaining > 0 ORDER BY uc.registered_at, uc.id LIMIT 1`, userID).Scan(&coupon); err != nil {
		return fmt.Errorf("coupon: %w", err)
	}
	return rawBookWith(ctx, db, userID, stationID, coupon, p, start, end)
}

// rawBookWith is rawBook, or rawWholeBook's transaction when coupon is set.
func rawBookWith(ctx context.Context, db *store.DB, userID, stationID, coupon string, p product, start, end time.Time) error {
	var err error
	for range 8 {
		err = rawBookOnce(ctx, db, userID, stationID, coupon, p, start, end)
		if err == nil || !strings.Contains(err.Error(), "locker_code_taken") {
			return err
		}
	}
	return err
}

func rawBookOnce(ctx context.Context, db *store.DB, userID, stationID, coupon string, p product, start, end time.Time) error {
	return db.InTx(ctx, func(tx *store.Tx) error {
		id, now := uuid.NewString(), time.Now().UTC()
		if _, err := tx.ExecContext(ctx, `INSERT INTO orders (id, user_id, station_id, status, height, type, temperature,
				starts_at, ends_at, reserved_until, user_coupon_id, created_at, updated_at)
			VALUES ($1, $2, $3, 'reserved', $4, 'standard', $5, $6, $7, $8, $9, $10, $10)`,
			id, userID, stationID, p.height, p.temperature, start, end, now.Add(15*time.Minute),
			store.NullString(coupon), now); err != nil {
			return err
		}
		rows, err := tx.QueryContext(ctx, `SELECT l.id FROM lockers l
			WHERE l.station_id = $1 AND l.height = $2 AND l.type = 'standard' AND l.temperature = $3 AND l.state = 'available'
			  AND NOT EXISTS (SELECT 1 FROM order_lockers ol
				WHERE ol.locker_id = l.id AND ol.live AND ol.ends_at > $4 AND ol.starts_at < $5)
			ORDER BY l.label`, stationID, p.height, p.temperature, start, end)
		if err != nil {
			return err
		}
		var cands []string
		for rows.Next() {
			var c string
			if err := rows.Scan(&c); err != nil {
				rows.Close()
				return err
			}
			cands = append(cands, c)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if len(cands) > 1 { // spread concurrent bookings over the free lockers, as Book does
			k := rand.IntN(len(cands))
			cands = append(cands[k:], cands[:k]...)
		}
		code := rand.IntN(1_000_000)
		for _, c := range cands {
			var got string
			err := tx.QueryRowContext(ctx, `INSERT INTO order_lockers
					(id, order_id, locker_id, status, delivery_code, picking_code, starts_at, ends_at, live)
				VALUES ($1, $2, $3, 'booked', $4, $5, $6, $7, true)
				ON CONFLICT DO NOTHING RETURNING id`,
				uuid.NewString(), id, c, fmt.Sprintf("%06d", code), fmt.Sprintf("%06d", (code+1)%1_000_000),
				start, end).Scan(&got)
			if errors.Is(err, sql.ErrNoRows) || err != nil && strings.Contains(err.Error(), "order_lockers_no_overlap") {
				continue
			}
			if err != nil || coupon == "" {
				return err
			}
			// The rental's line and the coupon's, which cancels it (order.rentalLines).
			_, err = tx.ExecContext(ctx, `INSERT INTO order_price_lines (id, order_id, kind, quantity, days, hours,
					amount_cents, vat_cents, starts_at, ends_at, capped, created_at)
				VALUES ($1, $2, 'rental', 1, 0, 1, 400, 72, $3, $4, false, $5),
					($6, $2, 'coupon', 1, 0, 0, -400, -72, NULL, NULL, false, $5)`,
				uuid.NewString(), id, start, end, now, uuid.NewString())
			return err
		}
		return errNoLockers
	})
}

// rawUser inserts the owner of the raw loops' orders, with a first-3-free
// coupon that never runs out (reservations do not spend it, as the API's).
func rawUser(ctx context.Context, db *store.DB) (string, error) {
	id, now := uuid.NewString(), time.Now().UTC()
	err := db.InTx(ctx, func(tx *store.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO users (id, email, created_at, updated_at) VALUES ($1, $2, $3, $3)`,
			id, "raw-"+id+"@example.com", now); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO user_coupons (id, user_id, pack_code, remaining, subject, registered_at)
			VALUES ($1, $2, 'FIRST3', 1000000, $3, $4)`, uuid.NewString(), id, "raw-"+id, now)
		return err
	})
	return id, err
}

// overlaps counts pairs of live bookings of one locker whose timeframes
// overlap: double bookings. It must be zero whatever the load was.
func overlaps(ctx context.Context, db *store.DB) (int, error) {
	var n int
	err := db.QueryRowContext(ctx, `SELECT count(*) FROM order_lockers a JOIN order_lockers b
		ON b.locker_id = a.locker_id AND b.id > a.id AND b.live AND b.starts_at < a.ends_at AND a.starts_at < b.ends_at
		WHERE a.live`).Scan(&n)
	return n, err
}
