package backoffice

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/audit/auditsql"
	"lockers/internal/store"
)

// OrderRow is an order as the back office lists it.
type OrderRow struct {
	ID            string
	UserID        string
	UserEmail     string // empty once the user is deleted
	StationID     string
	StationName   string
	Status        string
	PaymentState  string
	Height        string
	Temperature   string
	StartsAt      time.Time
	EndsAt        time.Time
	ReservedUntil time.Time
	PaidCents     int64
	RefundedCents int64
	CreatedAt     time.Time
}

// OrderFilter narrows the order list; empty fields do not filter. From and To
// bound the order's creation time: [From, To).
type OrderFilter struct {
	Status    string
	StationID string
	UserID    string
	From, To  time.Time
	Cursor    string
	Limit     int
}

// OrderPage is one page of orders, newest first.
type OrderPage struct {
	Orders []OrderRow
	Next   string
}

// Statuses an order can have (the orders table's CHECK).
var orderStatuses = map[string]bool{"reserved": true, "unfinished": true, "unpaid": true, "processing": true,
	"booked": true, "active": true, "extended": true, "expired": true, "finalized": true, "cancelled": true,
	"refunded": true, "failed": true, "deleted": true}

const orderRowColumns = `o.id, o.user_id, u.email, o.station_id, s.name, o.status, o.payment_state, o.height,
	o.temperature, o.starts_at, o.ends_at, o.reserved_until, o.paid_cents, o.refunded_cents, o.created_at`

const orderRowFrom = ` FROM orders o JOIN users u ON u.id = o.user_id JOIN stations s ON s.id = o.station_id`

func scanOrderRow(row interface{ Scan(...any) error }) (OrderRow, error) {
	var (
		o            OrderRow
		email, state sql.NullString
	)
	if err := row.Scan(&o.ID, &o.UserID, &email, &o.StationID, &o.StationName, &o.Status, &state, &o.Height,
		&o.Temperature, &o.StartsAt, &o.EndsAt, &o.ReservedUntil, &o.PaidCents, &o.RefundedCents, &o.CreatedAt); err != nil {
		return OrderRow{}, err
	}
	o.UserEmail, o.PaymentState = email.String, state.String
	o.StartsAt, o.EndsAt, o.ReservedUntil, o.CreatedAt = o.StartsAt.UTC(), o.EndsAt.UTC(), o.ReservedUntil.UTC(), o.CreatedAt.UTC()
	return o, nil
}

// Orders lists orders newest first, filtered and paged by key in SQL.
func (s *Service) Orders(ctx context.Context, f OrderFilter) (OrderPage, error) {
	c, ok, err := decodeCursor(f.Cursor)
	if err != nil {
		return OrderPage{}, err
	}
	var w where
	if f.Status != "" {
		if !orderStatuses[f.Status] {
			return OrderPage{}, apperr.Field(apperr.BadInput, "status", "unknown order status")
		}
		w.add("o.status = ?", f.Status)
	}
	if f.StationID != "" {
		if !validID(f.StationID) {
			return OrderPage{}, apperr.Field(apperr.BadInput, "stationId", "not an id")
		}
		w.add("o.station_id = ?", f.StationID)
	}
	if f.UserID != "" {
		if !validID(f.UserID) {
			return OrderPage{}, apperr.Field(apperr.BadInput, "userId", "not an id")
		}
		w.add("o.user_id = ?", f.UserID)
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
		return OrderPage{}, internal("orders", err)
	}
	defer rows.Close()
	var out OrderPage
	for rows.Next() {
		o, err := scanOrderRow(rows)
		if err != nil {
			return OrderPage{}, internal("orders", err)
		}
		out.Orders = append(out.Orders, o)
	}
	if err := rows.Err(); err != nil {
		return OrderPage{}, internal("orders", err)
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
func (s *Service) orderRow(ctx context.Context, q store.Querier, id string) (OrderRow, error) {
	if !validID(id) {
		return OrderRow{}, orderNotFound()
	}
	o, err := scanOrderRow(q.QueryRowContext(ctx, `SELECT `+orderRowColumns+orderRowFrom+` WHERE o.id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return OrderRow{}, orderNotFound()
	}
	return o, err
}

// Refund gives an order's money back through the payments domain's refund
// path: all that is left (every kept payment not refunded yet), or
// amountCents of it (a partial refund); the invoices domain then issues the
// credit notes. The note is required (MISSING_NOTE); more than is left is
// CANT_REFUND. The audit row is written, with the
// note and the amounts before, in its own transaction before the provider is
// asked: the refund spans several transactions and a provider call, and the
// intent must be on record even if the process stops half-way; the refunds
// table records the outcome.
//
// requestID, when given, makes the call idempotent: a repeat of a request
// (a double-click, a retry after a lost answer) refunds nothing more and
// answers the order as it is.
func (s *Service) Refund(ctx context.Context, orderID, note string, amountCents int64, requestID string) (OrderRow, error) {
	note, err := requiredNote(note)
	if err != nil {
		return OrderRow{}, err
	}
	if requestID != "" && !validID(requestID) {
		return OrderRow{}, apperr.Field(apperr.BadInput, "requestId", "not an id")
	}
	if amountCents < 0 {
		return OrderRow{}, apperr.Field(apperr.BadInput, "amountCents", "the amount must be positive")
	}
	before, err := s.orderRow(ctx, s.db, orderID)
	if err != nil {
		return OrderRow{}, internal("refund", err)
	}
	left := before.PaidCents // what the order keeps: refunds take it down
	if left <= 0 || s.refund == nil {
		return OrderRow{}, apperr.New(apperr.CantRefund, "nothing on this order can be refunded")
	}
	if amountCents > left {
		return OrderRow{}, apperr.Field(apperr.CantRefund, "amountCents", fmt.Sprintf("at most %d cents are left to refund", left))
	}
	partial := amountCents > 0 && amountCents < left
	amount := left
	part, canPart := s.refund.(PartRefunder)
	if partial {
		if !canPart {
			return OrderRow{}, apperr.New(apperr.CantRefund, "partial refunds are not available")
		}
		amount = amountCents
	}
	err = s.write(ctx, "admin.orders.refund", "order", orderID, note, func(tx *store.Tx, now time.Time) (change, error) {
		if err := auditsql.ClaimRequest(ctx, tx, requestID, "admin.orders.refund", orderID, now); err != nil {
			return change{}, err
		}
		return change{Before: map[string]any{"paidCents": before.PaidCents, "refundedCents": before.RefundedCents},
			After: map[string]any{"refund": "requested", "amountCents": amount, "partial": partial}}, nil
	})
	if errors.Is(err, auditsql.ErrRepeated) {
		o, err := s.orderRow(ctx, s.db, orderID)
		return o, internal("refund", err)
	}
	if err != nil {
		return OrderRow{}, err
	}
	o, err := s.refund.Order(ctx, before.UserID, orderID)
	if err != nil {
		return OrderRow{}, internal("refund", err)
	}
	if partial {
		err = part.RefundPart(ctx, o, amount)
	} else {
		err = s.refund.RefundOrder(ctx, o)
	}
	if err != nil {
		return OrderRow{}, internal("refund", err)
	}
	after, err := s.orderRow(ctx, s.db, orderID)
	return after, internal("refund", err)
}
