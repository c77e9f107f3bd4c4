package ordersql

import (
	"context"
	"database/sql"
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"

	"lockers/internal/order"
	"lockers/internal/station"
	"lockers/internal/store"
)

// candidate is a free locker with what the order needs to show it, so Book can
// return the order without reading it back.
type candidate struct {
	id, label string
	dims      station.Dimensions
}

// Book inserts the order and gives each of its lockers a free compartment of the
// product, in one transaction.
//
// The free-locker query only proposes candidates. Who gets a compartment is
// decided by the database when the order_lockers row goes in: on PostgreSQL the
// exclusion constraint makes a competing insert wait for the first transaction
// and then do nothing (ON CONFLICT DO NOTHING), so the loser moves on to the next
// candidate and fails with ErrNoLockers when none is left; on SQLite the whole
// transaction holds the single write lock from BEGIN IMMEDIATE, so nobody can
// book between the query and the insert.
func (s *Store) Book(ctx context.Context, b order.Booking) (order.Order, error) {
	o := b.Order
	err := s.db.InTx(ctx, func(tx *store.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO orders (id, user_id, station_id, status, height, type, temperature,
				starts_at, ends_at, reserved_until, user_coupon_id, coupon_used, idempotency_key, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
			o.ID, o.UserID, o.Station.ID, string(o.Status), o.Product.Height, o.Product.Type, o.Product.Temperature,
			o.Start.UTC(), o.End.UTC(), o.ReservedUntil.UTC(), couponID(o), o.CouponUsed, nullString(o.IdempotencyKey),
			o.CreatedAt.UTC(), o.UpdatedAt.UTC()); err != nil {
			if store.Violates(err, store.Unique) && o.IdempotencyKey != "" {
				return order.ErrDuplicateKey
			}
			return err
		}
		cands, err := candidates(ctx, tx, o)
		if err != nil {
			return err
		}
		next := 0
		for i := range o.Lockers {
			got := false
			for ; next < len(cands) && !got; next++ {
				if got, err = insertLocker(ctx, tx, o.ID, &o.Lockers[i], cands[next]); err != nil {
					return err
				}
			}
			if !got {
				return order.ErrNoLockers
			}
		}
		return addLines(ctx, tx, o.ID, o.Lines)
	})
	if err != nil {
		return order.Order{}, err
	}
	// The order is returned as built rather than read back (four statements
	// fewer per booking). Its lockers are already in Get's label order: a
	// multi-locker order takes candidates in the database's label order.
	return o, nil
}

func couponID(o order.Order) any {
	if o.Coupon == nil {
		return nil
	}
	return o.Coupon.ID
}

// candidates lists the product's in-service lockers with no live booking in the
// order's timeframe, by label. A one-locker order starts at a random place in
// the list so that concurrent bookings spread over the free lockers instead of
// all queueing for the first; multi-locker orders keep label order so two of
// them always take lockers in the same order and cannot deadlock.
func candidates(ctx context.Context, tx *store.Tx, o order.Order) ([]candidate, error) {
	rows, err := tx.QueryContext(ctx, `SELECT l.id, l.label, l.height_mm, l.width_mm, l.depth_mm FROM lockers l
		WHERE l.station_id = $1 AND l.height = $2 AND l.type = $3 AND l.temperature = $4 AND l.state = 'available'
		  AND NOT EXISTS (SELECT 1 FROM order_lockers ol
			WHERE ol.locker_id = l.id AND ol.live AND ol.ends_at > $5 AND ol.starts_at < $6)
		ORDER BY l.label`,
		o.Station.ID, o.Product.Height, o.Product.Type, o.Product.Temperature, o.Start.UTC(), o.End.UTC())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []candidate
	for rows.Next() {
		var c candidate
		if err := rows.Scan(&c.id, &c.label, &c.dims.HeightMM, &c.dims.WidthMM, &c.dims.DepthMM); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(o.Lockers) == 1 && len(out) > 1 {
		k := rand.IntN(len(out))
		out = append(out[k:], out[:k]...)
	}
	return out, nil
}

// insertLocker tries to book c for the order locker l; false when another
// booking holds it (PostgreSQL: the exclusion constraint's DO NOTHING).
func insertLocker(ctx context.Context, tx *store.Tx, orderID string, l *order.Locker, c candidate) (bool, error) {
	var id string
	err := tx.QueryRowContext(ctx, `INSERT INTO order_lockers
			(id, order_id, locker_id, status, delivery_code, picking_code, starts_at, ends_at, live)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, true)
		ON CONFLICT DO NOTHING RETURNING id`,
		l.ID, orderID, c.id, l.Status, l.DeliveryCode, l.PickingCode, l.Start.UTC(), l.End.UTC()).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) || overlap(err) && tx.Dialect() == store.SQLite {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	l.LockerID, l.Label, l.Dimensions = c.id, c.label, c.dims
	return true, nil
}

func addLine(ctx context.Context, q store.Querier, orderID string, l order.Line) error {
	return addLines(ctx, q, orderID, []order.Line{l})
}

// addLines inserts a new order's price lines in one multi-row statement: one
// round trip (PostgreSQL) or parse (SQLite) inside the write transaction.
func addLines(ctx context.Context, q store.Querier, orderID string, ls []order.Line) error {
	if len(ls) == 0 {
		return nil
	}
	const cols = 9
	var b strings.Builder
	b.WriteString(`INSERT INTO order_price_lines
			(id, order_id, kind, quantity, days, hours, amount_cents, vat_cents, created_at) VALUES `)
	args := make([]any, 0, cols*len(ls))
	for i, l := range ls {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteByte('(')
		for j := range cols {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString("$" + strconv.Itoa(i*cols+j+1))
		}
		b.WriteByte(')')
		args = append(args, l.ID, orderID, l.Kind, l.Quantity, l.Days, l.Hours, l.AmountCents, l.VATCents, l.CreatedAt.UTC())
	}
	_, err := q.ExecContext(ctx, b.String(), args...)
	return err
}
