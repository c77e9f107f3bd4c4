// Package ordersql implements order.Store on the project database. Its core is
// Book: on PostgreSQL the exclusion constraint order_lockers_no_overlap decides
// who gets a locker (a losing insert does nothing and the next free locker is
// tried); on SQLite the booking runs in the single writer transaction, so its
// free-locker check cannot be overtaken, and a trigger backs it up.
package ordersql

import (
	"context"
	"database/sql"
	"errors"

	"lockers/internal/order"
	"lockers/internal/promo/promosql"
	"lockers/internal/station"
	"lockers/internal/store"
)

const orderSelect = `SELECT o.id, o.user_id, o.status, o.height, o.type, o.temperature, o.starts_at, o.ends_at,
	o.reserved_until, o.user_coupon_id, o.coupon_used, o.idempotency_key, o.cancel_note, o.confirmed_at,
	o.cancelled_at, o.created_at, o.updated_at, o.paid_cents, o.refunded_cents, o.payment_state,
	o.ext_order_locker_id, o.ext_old_end, o.ext_new_end, o.ext_amount_cents, o.ext_vat_cents, o.ext_days,
	o.ext_hours, o.ext_hold_until, o.ext_created_at, o.ext_capped,
	s.id, s.name, s.address, s.city, s.latitude, s.longitude, s.time_zone, s.opening_hours, s.active,
	s.link_state = 'online', ` + station.PricesColumn + `
	FROM orders o JOIN stations s ON s.id = o.station_id `

type scanner interface{ Scan(...any) error }

// head is an order row before its lockers, lines and coupon are loaded.
type head struct {
	order.Order
	couponID string
}

func scanHead(row scanner) (head, error) {
	var (
		h                    head
		couponID, key, note  sql.NullString
		confirmed, cancelled sql.NullTime
		status               string
		payState             sql.NullString
		ext                  extColumns
		prices               sql.NullString
	)
	o, st := &h.Order, &h.Order.Station
	err := row.Scan(&o.ID, &o.UserID, &status, &o.Product.Height, &o.Product.Type, &o.Product.Temperature,
		&o.Start, &o.End, &o.ReservedUntil, &couponID, &o.CouponUsed, &key, &note, &confirmed, &cancelled,
		&o.CreatedAt, &o.UpdatedAt, &o.PaidCents, &o.RefundedCents, &payState,
		&ext.lockerID, &ext.oldEnd, &ext.newEnd, &ext.amount, &ext.vat, &ext.days, &ext.hours, &ext.holdUntil,
		&ext.createdAt, &ext.capped,
		&st.ID, &st.Name, &st.Address, &st.City, &st.Latitude, &st.Longitude, &st.TimeZone, &st.OpeningHours,
		&st.Active, &st.Online, &prices)
	if err != nil {
		return h, err
	}
	st.Prices = station.ParsePriceList(prices.String)
	o.Status = order.Status(status)
	h.couponID, o.IdempotencyKey, o.CancelNote = couponID.String, key.String, note.String
	o.ConfirmedAt, o.CancelledAt = store.TimeOf(confirmed), store.TimeOf(cancelled)
	o.Start, o.End, o.ReservedUntil = o.Start.UTC(), o.End.UTC(), o.ReservedUntil.UTC()
	o.CreatedAt, o.UpdatedAt = o.CreatedAt.UTC(), o.UpdatedAt.UTC()
	o.PaymentState = order.PaymentState(payState.String)
	o.Extension = ext.extension()
	return h, nil
}

// extColumns are the pending extension's columns (all NULL without one).
type extColumns struct {
	lockerID                             sql.NullString
	oldEnd, newEnd, holdUntil, createdAt sql.NullTime
	amount, vat                          sql.NullInt64
	days, hours                          sql.NullInt64
	capped                               bool
}

func (c extColumns) extension() *order.Extension {
	if !c.lockerID.Valid {
		return nil
	}
	return &order.Extension{OrderLockerID: c.lockerID.String, OldEnd: store.TimeOf(c.oldEnd), NewEnd: store.TimeOf(c.newEnd),
		AmountCents: c.amount.Int64, VATCents: c.vat.Int64, Days: int(c.days.Int64), Hours: int(c.hours.Int64),
		Capped: c.capped, HoldUntil: store.TimeOf(c.holdUntil), CreatedAt: store.TimeOf(c.createdAt)}
}

// loadOne reads one order of the user with its details; lock takes the row lock
// on PostgreSQL (SQLite's writer transaction is already exclusive).
func loadOne(ctx context.Context, q store.Querier, d store.Dialect, userID, id string, lock bool) (order.Order, error) {
	query := orderSelect + `WHERE o.user_id = $1 AND o.id = $2`
	if lock && d == store.Postgres {
		query += ` FOR UPDATE OF o`
	}
	h, err := scanHead(store.Prepared(q).QueryRowContext(ctx, query, userID, id))
	if errors.Is(err, sql.ErrNoRows) {
		return order.Order{}, order.ErrNotFound
	}
	if err != nil {
		return order.Order{}, err
	}
	return details(ctx, q, h)
}

// details adds the lockers, price lines and coupon to an order row. Its
// statements stay prepared: every read of an order runs them.
func details(ctx context.Context, q store.Querier, h head) (order.Order, error) {
	q = store.Prepared(q)
	o := h.Order
	var err error
	if o.Lockers, err = lockers(ctx, q, o.ID); err != nil {
		return o, err
	}
	if x := o.Extension; x != nil {
		// The extra time is not the owner's until it is paid.
		for i := range o.Lockers {
			if o.Lockers[i].ID == x.OrderLockerID {
				o.Lockers[i].End = x.OldEnd
			}
		}
	}
	if o.Lines, err = lines(ctx, q, o.ID); err != nil {
		return o, err
	}
	if h.couponID != "" {
		c, err := promosql.CouponByID(ctx, q, h.couponID)
		if err != nil {
			return o, err
		}
		o.Coupon = &c
	}
	return o, nil
}

func lockers(ctx context.Context, q store.Querier, orderID string) ([]order.Locker, error) {
	rows, err := q.QueryContext(ctx, `SELECT ol.id, ol.locker_id, l.label, l.height_mm, l.width_mm, l.depth_mm,
			ol.status, ol.delivery_code, ol.picking_code, ol.delivery_used_at, ol.picking_used_at, ol.opened_at,
			ol.starts_at, ol.ends_at
		FROM order_lockers ol JOIN lockers l ON l.id = ol.locker_id
		WHERE ol.order_id = $1 ORDER BY l.label`, orderID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []order.Locker{}
	for rows.Next() {
		var (
			l                         order.Locker
			delivered, picked, opened sql.NullTime
		)
		if err := rows.Scan(&l.ID, &l.LockerID, &l.Label, &l.Dimensions.HeightMM, &l.Dimensions.WidthMM,
			&l.Dimensions.DepthMM, &l.Status, &l.DeliveryCode, &l.PickingCode, &delivered, &picked, &opened,
			&l.Start, &l.End); err != nil {
			return nil, err
		}
		l.DeliveryUsedAt, l.PickingUsedAt, l.OpenedAt = store.TimeOf(delivered), store.TimeOf(picked), store.TimeOf(opened)
		l.Start, l.End = l.Start.UTC(), l.End.UTC()
		out = append(out, l)
	}
	return out, rows.Err()
}

func lines(ctx context.Context, q store.Querier, orderID string) ([]order.Line, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, kind, quantity, days, hours, amount_cents, vat_cents, starts_at,
		ends_at, capped, created_at FROM order_price_lines WHERE order_id = $1
		ORDER BY created_at, CASE kind WHEN 'rental' THEN 0 WHEN 'extension' THEN 1 ELSE 2 END, id`, orderID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []order.Line{}
	for rows.Next() {
		var (
			l        order.Line
			from, to sql.NullTime
		)
		if err := rows.Scan(&l.ID, &l.Kind, &l.Quantity, &l.Days, &l.Hours, &l.AmountCents, &l.VATCents, &from, &to,
			&l.Capped, &l.CreatedAt); err != nil {
			return nil, err
		}
		l.CreatedAt, l.From, l.To = l.CreatedAt.UTC(), store.TimeOf(from), store.TimeOf(to)
		out = append(out, l)
	}
	return out, rows.Err()
}
