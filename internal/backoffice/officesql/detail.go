package officesql

import (
	"context"
	"database/sql"
	"errors"

	"lockers/internal/backoffice"
	"lockers/internal/store"
)

// detailRows bounds each list on a detail page; the full history is the
// filtered list screen (orders by user, events by user).
const detailRows = 20

const paymentColumns = `id, order_id, kind, flow, state, amount_cents, currency, created_at, paid_at`

func scanPayment(r *sql.Rows) (backoffice.PaymentRow, error) {
	var (
		p    backoffice.PaymentRow
		paid sql.NullTime
	)
	err := r.Scan(&p.ID, &p.OrderID, &p.Kind, &p.Flow, &p.State, &p.AmountCents, &p.Currency, &p.CreatedAt, &paid)
	p.CreatedAt, p.PaidAt = p.CreatedAt.UTC(), store.TimeOf(paid)
	return p, err
}

func scanOrder(r *sql.Rows) (backoffice.OrderRow, error) { return scanOrderRow(r) }

// User is a user's page for the back office, deleted users included.
func (s *Store) User(ctx context.Context, id string) (backoffice.UserDetail, error) {
	u, err := s.userRow(ctx, s.db, id)
	if err != nil {
		return backoffice.UserDetail{}, internal("user", err)
	}
	d := backoffice.UserDetail{User: u}
	if d.Orders, err = collect(ctx, s.db, scanOrder, `SELECT `+orderRowColumns+orderRowFrom+
		` WHERE o.user_id = $1 ORDER BY o.created_at DESC, o.id DESC LIMIT $2`, id, detailRows); err != nil {
		return backoffice.UserDetail{}, internal("user", err)
	}
	// The rentals a block or a deletion would touch: booked or running, by
	// start (orders_user_starts_idx: the user's orders only).
	if d.Running, err = collect(ctx, s.db, scanOrder, `SELECT `+orderRowColumns+orderRowFrom+
		` WHERE o.user_id = $1 AND o.status IN ('booked', 'active', 'extended') ORDER BY o.starts_at, o.id LIMIT $2`,
		id, detailRows); err != nil {
		return backoffice.UserDetail{}, internal("user", err)
	}
	if d.Payments, err = collect(ctx, s.db, scanPayment, `SELECT `+paymentColumns+` FROM payments
		WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`, id, detailRows); err != nil {
		return backoffice.UserDetail{}, internal("user", err)
	}
	if d.Coupons, err = collect(ctx, s.db, func(r *sql.Rows) (backoffice.CouponRow, error) {
		var c backoffice.CouponRow
		err := r.Scan(&c.ID, &c.PackCode, &c.Remaining, &c.RegisteredAt)
		c.RegisteredAt = c.RegisteredAt.UTC()
		return c, err
	}, `SELECT id, pack_code, remaining, registered_at FROM user_coupons WHERE user_id = $1
		ORDER BY registered_at DESC, id DESC LIMIT $2`, id, detailRows); err != nil {
		return backoffice.UserDetail{}, internal("user", err)
	}
	if d.Devices, err = collect(ctx, s.db, func(r *sql.Rows) (backoffice.DeviceRow, error) {
		var v backoffice.DeviceRow
		err := r.Scan(&v.ID, &v.Platform, &v.Model, &v.AppVersion, &v.CreatedAt, &v.UpdatedAt)
		v.CreatedAt, v.UpdatedAt = v.CreatedAt.UTC(), v.UpdatedAt.UTC()
		return v, err
	}, `SELECT id, platform, model, app_version, created_at, updated_at FROM devices WHERE user_id = $1
		ORDER BY updated_at DESC, id DESC LIMIT $2`, id, detailRows); err != nil {
		return backoffice.UserDetail{}, internal("user", err)
	}
	if d.Events, err = collect(ctx, s.db, scanEvent, `SELECT `+eventColumns+` FROM events WHERE user_id = $1
		ORDER BY created_at DESC, id DESC LIMIT $2`, id, detailRows); err != nil {
		return backoffice.UserDetail{}, internal("user", err)
	}
	// The newest invoices and credit notes by number (invoices_user_idx), so an
	// operator prints them from the user's page as from the order's.
	if d.Invoices, err = collect(ctx, s.db, scanInvoice, `SELECT `+invoiceColumns+` FROM invoices WHERE user_id = $1
		ORDER BY year DESC, seq DESC LIMIT $2`, id, detailRows); err != nil {
		return backoffice.UserDetail{}, internal("user", err)
	}
	return d, nil
}

const invoiceColumns = `id, order_id, kind, number, state, gross_cents, created_at`

func scanInvoice(r *sql.Rows) (backoffice.InvoiceRow, error) {
	var v backoffice.InvoiceRow
	err := r.Scan(&v.ID, &v.OrderID, &v.Kind, &v.Number, &v.State, &v.GrossCents, &v.CreatedAt)
	v.CreatedAt = v.CreatedAt.UTC()
	return v, err
}

// The user's e-mail by primary key per row of a page: an operator reads
// people by e-mail, not by id.
const eventColumns = `id, type, user_id, source, campaign, created_at,
	(SELECT u.email FROM users u WHERE u.id = events.user_id)`

func scanEvent(r *sql.Rows) (backoffice.EventRow, error) {
	var (
		e           backoffice.EventRow
		user, email sql.NullString
	)
	err := r.Scan(&e.ID, &e.Type, &user, &e.Source, &e.Campaign, &e.CreatedAt, &email)
	e.UserID, e.UserEmail, e.CreatedAt = user.String, email.String, e.CreatedAt.UTC()
	return e, err
}

// Order is an order's page: price lines, lockers, payments, refunds, invoices
// and door commands.
func (s *Store) Order(ctx context.Context, id string) (backoffice.OrderDetail, error) {
	o, err := s.orderRow(ctx, s.db, id)
	if err != nil {
		return backoffice.OrderDetail{}, internal("order", err)
	}
	d := backoffice.OrderDetail{Order: o}
	if d.Pending, err = pendingExtension(ctx, s.db, id); err != nil {
		return backoffice.OrderDetail{}, internal("order", err)
	}
	if d.Lines, err = collect(ctx, s.db, func(r *sql.Rows) (backoffice.PriceLine, error) {
		var (
			l          backoffice.PriceLine
			from, to   sql.NullTime
			couponUsed bool
		)
		err := r.Scan(&l.Kind, &l.Quantity, &l.Days, &l.Hours, &l.AmountCents, &l.VATCents, &from, &to, &couponUsed)
		l.From, l.To = store.TimeOf(from), store.TimeOf(to)
		// An order that used no coupon gets a discount line only from an
		// operator's goodwill extension (order.extend).
		l.Goodwill = l.Kind == "coupon" && !couponUsed
		return l, err
	}, `SELECT pl.kind, pl.quantity, pl.days, pl.hours, pl.amount_cents, pl.vat_cents, pl.starts_at, pl.ends_at,
		o.coupon_used FROM order_price_lines pl JOIN orders o ON o.id = pl.order_id WHERE pl.order_id = $1
		ORDER BY pl.created_at, pl.id`, id); err != nil {
		return backoffice.OrderDetail{}, internal("order", err)
	}
	if d.Lockers, err = collect(ctx, s.db, func(r *sql.Rows) (backoffice.LockerRow, error) {
		var l backoffice.LockerRow
		err := r.Scan(&l.ID, &l.LockerID, &l.Label, &l.Status, &l.StartsAt, &l.EndsAt, &l.Live)
		l.StartsAt, l.EndsAt = l.StartsAt.UTC(), l.EndsAt.UTC()
		return l, err
	}, `SELECT ol.id, ol.locker_id, l.label, ol.status, ol.starts_at, ol.ends_at, ol.live FROM order_lockers ol
		JOIN lockers l ON l.id = ol.locker_id WHERE ol.order_id = $1 ORDER BY ol.starts_at, ol.id`, id); err != nil {
		return backoffice.OrderDetail{}, internal("order", err)
	}
	if d.Payments, err = collect(ctx, s.db, scanPayment, `SELECT `+paymentColumns+` FROM payments
		WHERE order_id = $1 ORDER BY created_at, id`, id); err != nil {
		return backoffice.OrderDetail{}, internal("order", err)
	}
	if d.Refunds, err = collect(ctx, s.db, func(r *sql.Rows) (backoffice.RefundRow, error) {
		var (
			f  backoffice.RefundRow
			at sql.NullTime
		)
		err := r.Scan(&f.ID, &f.PaymentID, &f.AmountCents, &f.Reason, &f.Note, &f.State, &f.CreatedAt, &at)
		f.CreatedAt, f.RefundedAt = f.CreatedAt.UTC(), store.TimeOf(at)
		return f, err
	}, `SELECT id, payment_id, amount_cents, reason, note, state, created_at, refunded_at FROM refunds
		WHERE order_id = $1 ORDER BY created_at, id`, id); err != nil {
		return backoffice.OrderDetail{}, internal("order", err)
	}
	if d.Invoices, err = collect(ctx, s.db, scanInvoice, `SELECT `+invoiceColumns+` FROM invoices WHERE order_id = $1
		ORDER BY created_at, id`, id); err != nil {
		return backoffice.OrderDetail{}, internal("order", err)
	}
	if d.Doors, err = s.orderDoors(ctx, id); err != nil {
		return backoffice.OrderDetail{}, internal("order", err)
	}
	return d, nil
}

// pendingExtension reads an order's extension that waits for its payment.
func pendingExtension(ctx context.Context, q store.Querier, orderID string) (*backoffice.PendingExtension, error) {
	var (
		x      backoffice.PendingExtension
		ol     sql.NullString
		oldEnd sql.NullTime
		newEnd sql.NullTime
		hold   sql.NullTime
		amount sql.NullInt64
	)
	err := q.QueryRowContext(ctx, `SELECT ext_order_locker_id, ext_old_end, ext_new_end, ext_amount_cents, ext_hold_until
		FROM orders WHERE id = $1`, orderID).Scan(&ol, &oldEnd, &newEnd, &amount, &hold)
	if errors.Is(err, sql.ErrNoRows) || err == nil && !ol.Valid {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	x.OrderLockerID, x.OldEnd, x.NewEnd, x.AmountCents, x.HoldUntil = ol.String, oldEnd.Time.UTC(), newEnd.Time.UTC(),
		amount.Int64, hold.Time.UTC()
	return &x, nil
}
