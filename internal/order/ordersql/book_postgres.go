package ordersql

import (
	"context"
	"strings"
	"sync"

	"lockers/internal/order"
	"lockers/internal/store"
)

// bookAtOnce books a one-locker order on PostgreSQL in a single statement, as
// one round trip instead of six (BEGIN, order, list, locker, lines, COMMIT):
// it picks a random free locker (freeLocker), inserts its order_lockers row and, only when
// that row went in, the order and its price lines. The statement is atomic by
// itself and the exclusion constraint still decides who gets the locker (a
// competing insert waits, then does nothing). The order_lockers row refers to
// the order inserted by the same statement: PostgreSQL checks foreign keys at
// the end of the statement.
//
// false means nothing was written: no locker was free, or a concurrent booking
// took the one picked. Book then runs its transaction, which tries the others.
func bookAtOnce(ctx context.Context, db *store.DB, o *order.Order) (bool, error) {
	l := &o.Lockers[0]
	args := append(orderArgs(*o), l.ID, l.Status, l.DeliveryCode, l.PickingCode, l.Start.UTC(), l.End.UTC())
	args = append(args, lineArgs(o.ID, o.Lines)...)
	rows, err := db.QueryContext(ctx, atOnceQueries.get(len(o.Lines)), args...)
	if err != nil {
		return false, err
	}
	defer rows.Close()
	var c candidate
	found := rows.Next()
	if found {
		if err := rows.Scan(&c.id, &c.label, &c.dims.HeightMM, &c.dims.WidthMM, &c.dims.DepthMM); err != nil {
			return false, err
		}
	}
	if err := rows.Err(); err != nil || !found {
		return false, err
	}
	l.LockerID, l.Label, l.Dimensions = c.id, c.label, c.dims
	return true, nil
}

// atOnceQueries keeps atOnceQuery's text per number of price lines: building
// it was a tenth of a booking's Go time outside the database, and an order has
// one of a handful of line counts.
var atOnceQueries queryTexts

type queryTexts struct{ m sync.Map } // int → string

func (q *queryTexts) get(n int) string {
	if s, ok := q.m.Load(n); ok {
		return s.(string)
	}
	s, _ := q.m.LoadOrStore(n, atOnceQuery(n))
	return s.(string)
}

// atOnceQuery is bookAtOnce's statement for an order with n price lines; the
// arguments are orderArgs, the locker's id, status, codes, start and end, then
// lineArgs. The first six are typed by freeLockers; the others are cast
// because PostgreSQL cannot infer a type for a parameter in a select list.
func atOnceQuery(n int) string {
	var b strings.Builder
	b.WriteString(`WITH picked AS (` + freeLocker + `),
	booked AS (
		INSERT INTO order_lockers (id, order_id, locker_id, status, delivery_code, picking_code, starts_at, ends_at, live)
		SELECT $16::uuid, $7::uuid, picked.id, $17::text, $18::text, $19::text, $20::timestamptz, $21::timestamptz, true
		FROM picked
		ON CONFLICT DO NOTHING RETURNING locker_id),
	new_order AS (
		INSERT INTO orders (station_id, height, type, temperature, starts_at, ends_at, id, user_id, status,
			reserved_until, user_coupon_id, coupon_used, idempotency_key, created_at, updated_at)
		SELECT $1, $2, $3, $4, $5, $6, $7::uuid, $8::uuid, $9::text, $10::timestamptz, $11::uuid, $12::boolean,
			$13::text, $14::timestamptz, $15::timestamptz
		WHERE EXISTS (SELECT 1 FROM booked))`)
	if n > 0 {
		b.WriteString(`,
	new_lines AS (
		INSERT INTO order_price_lines (` + lineColumns + `)
		SELECT * FROM (VALUES ` + lineValues(22, n, true) + `) AS v WHERE EXISTS (SELECT 1 FROM booked))`)
	}
	b.WriteString(`
	SELECT picked.id, picked.label, picked.height_mm, picked.width_mm, picked.depth_mm
	FROM picked JOIN booked ON booked.locker_id = picked.id`)
	return b.String()
}
