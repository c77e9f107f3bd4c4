package officesql

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"lockers/internal/apperr"
	"lockers/internal/backoffice"
	"lockers/internal/store"
)

// Statuses an order can have (the orders table's CHECK).
var orderStatuses = map[string]bool{"reserved": true, "unfinished": true, "unpaid": true, "processing": true,
	"booked": true, "active": true, "extended": true, "expired": true, "finalized": true, "cancelled": true,
	"refunded": true, "failed": true, "deleted": true}

const orderRowColumns = `o.id, o.user_id, u.email, o.station_id, s.name, o.status, o.payment_state, o.height,
	o.temperature, o.starts_at, o.ends_at, o.reserved_until, o.paid_cents, o.refunded_cents, o.created_at, s.time_zone`

const orderRowFrom = ` FROM orders o JOIN users u ON u.id = o.user_id JOIN stations s ON s.id = o.station_id`

func scanOrderRow(row interface{ Scan(...any) error }) (backoffice.OrderRow, error) {
	var (
		o            backoffice.OrderRow
		email, state sql.NullString
	)
	if err := row.Scan(&o.ID, &o.UserID, &email, &o.StationID, &o.StationName, &o.Status, &state, &o.Height,
		&o.Temperature, &o.StartsAt, &o.EndsAt, &o.ReservedUntil, &o.PaidCents, &o.RefundedCents, &o.CreatedAt,
		&o.TimeZone); err != nil {
		return backoffice.OrderRow{}, err
	}
	o.UserEmail, o.PaymentState = email.String, state.String
	o.StartsAt, o.EndsAt, o.ReservedUntil, o.CreatedAt = o.StartsAt.UTC(), o.EndsAt.UTC(), o.ReservedUntil.UTC(), o.CreatedAt.UTC()
	return o, nil
}

// Orders lists orders newest first, filtered and paged by key in SQL.
func (s *Store) Orders(ctx context.Context, f backoffice.OrderFilter) (backoffice.OrderPage, error) {
	c, ok, err := decodeCursor(f.Cursor)
	if err != nil {
		return backoffice.OrderPage{}, err
	}
	var w where
	if f.Status != "" {
		if !orderStatuses[f.Status] {
			return backoffice.OrderPage{}, apperr.Field(apperr.BadInput, "status", "unknown order status")
		}
		w.add("o.status = ?", f.Status)
	}
	if f.StationID != "" {
		if !validID(f.StationID) {
			return backoffice.OrderPage{}, apperr.Field(apperr.BadInput, "stationId", "not an id")
		}
		w.add("o.station_id = ?", f.StationID)
	}
	if f.UserID != "" {
		if !validID(f.UserID) {
			return backoffice.OrderPage{}, apperr.Field(apperr.BadInput, "userId", "not an id")
		}
		w.add("o.user_id = ?", f.UserID)
	}
	if q := strings.TrimSpace(f.Query); q != "" {
		ids, err := s.orderSearch(ctx, q, f.StationID)
		if err != nil {
			return backoffice.OrderPage{}, internal("orders search", err)
		}
		orderIn(&w, ids)
	}
	if !f.From.IsZero() {
		w.add("o.created_at >= ?", f.From.UTC())
	}
	if !f.To.IsZero() {
		w.add("o.created_at < ?", f.To.UTC())
	}
	w.after(c, ok, "o.created_at", "o.id")
	n := limit(f.Limit)
	rows, err := s.db.QueryContext(ctx, `SELECT `+orderRowColumns+orderRowFrom+w.sql()+
		` ORDER BY o.created_at DESC, o.id DESC LIMIT `+w.arg(n+1), w.args...)
	if err != nil {
		return backoffice.OrderPage{}, internal("orders", err)
	}
	defer rows.Close()
	var out backoffice.OrderPage
	for rows.Next() {
		o, err := scanOrderRow(rows)
		if err != nil {
			return backoffice.OrderPage{}, internal("orders", err)
		}
		out.Orders = append(out.Orders, o)
	}
	if err := rows.Err(); err != nil {
		return backoffice.OrderPage{}, internal("orders", err)
	}
	if len(out.Orders) > n {
		out.Orders = out.Orders[:n]
		last := out.Orders[n-1]
		out.Next = cursor{At: last.CreatedAt, ID: last.ID}.encode()
	}
	return out, nil
}

func orderNotFound() error { return apperr.New(apperr.OrderNotFound, "Order not found") }

// orderRow loads one order of any user or ORDER_NOT_FOUND.
func (s *Store) orderRow(ctx context.Context, q store.Querier, id string) (backoffice.OrderRow, error) {
	if !validID(id) {
		return backoffice.OrderRow{}, orderNotFound()
	}
	o, err := scanOrderRow(q.QueryRowContext(ctx, `SELECT `+orderRowColumns+orderRowFrom+` WHERE o.id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return backoffice.OrderRow{}, orderNotFound()
	}
	return o, err
}
