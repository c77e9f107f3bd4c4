package backoffice

import (
	"context"
	"database/sql"
	"time"
)

// detailRows bounds each list on a detail page; the full history is the
// filtered list screen (orders by user, events by user).
const detailRows = 20

// PaymentRow is one payment attempt.
type PaymentRow struct {
	ID          string
	OrderID     string
	Kind        string // order or extension
	Flow        string // charge or link
	State       string
	AmountCents int64
	Currency    string
	CreatedAt   time.Time
	PaidAt      time.Time
}

// CouponRow is a pack a user holds.
type CouponRow struct {
	ID           string
	PackCode     string
	Remaining    int
	RegisteredAt time.Time
}

// DeviceRow is a device a user signed in on.
type DeviceRow struct {
	ID         string
	Platform   string
	Model      string
	AppVersion string
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

// EventRow is a client event (event.track).
type EventRow struct {
	ID        string
	Type      string
	UserID    string
	Source    string
	Campaign  string
	CreatedAt time.Time
}

// UserDetail is a user's page: who they are and their newest records.
type UserDetail struct {
	User     UserRow
	Orders   []OrderRow
	Payments []PaymentRow
	Coupons  []CouponRow
	Devices  []DeviceRow
	Events   []EventRow
}

const paymentColumns = `id, order_id, kind, flow, state, amount_cents, currency, created_at, paid_at`

func scanPayment(r *sql.Rows) (PaymentRow, error) {
	var (
		p    PaymentRow
		paid sql.NullTime
	)
	err := r.Scan(&p.ID, &p.OrderID, &p.Kind, &p.Flow, &p.State, &p.AmountCents, &p.Currency, &p.CreatedAt, &paid)
	p.CreatedAt, p.PaidAt = p.CreatedAt.UTC(), opt(paid)
	return p, err
}

func scanOrder(r *sql.Rows) (OrderRow, error) { return scanOrderRow(r) }

// User is a user's page for the back office, deleted users included.
func (s *Service) User(ctx context.Context, id string) (UserDetail, error) {
	u, err := s.userRow(ctx, s.db, id)
	if err != nil {
		return UserDetail{}, internal("user", err)
	}
	d := UserDetail{User: u}
	if d.Orders, err = collect(ctx, s.db, scanOrder, `SELECT `+orderRowColumns+orderRowFrom+
		` WHERE o.user_id = $1 ORDER BY o.created_at DESC, o.id DESC LIMIT $2`, id, detailRows); err != nil {
		return UserDetail{}, internal("user", err)
	}
	if d.Payments, err = collect(ctx, s.db, scanPayment, `SELECT `+paymentColumns+` FROM payments
		WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`, id, detailRows); err != nil {
		return UserDetail{}, internal("user", err)
	}
	if d.Coupons, err = collect(ctx, s.db, func(r *sql.Rows) (CouponRow, error) {
		var c CouponRow
		err := r.Scan(&c.ID, &c.PackCode, &c.Remaining, &c.RegisteredAt)
		c.RegisteredAt = c.RegisteredAt.UTC()
		return c, err
	}, `SELECT id, pack_code, remaining, registered_at FROM user_coupons WHERE user_id = $1
		ORDER BY registered_at DESC, id DESC LIMIT $2`, id, detailRows); err != nil {
		return UserDetail{}, internal("user", err)
	}
	if d.Devices, err = collect(ctx, s.db, func(r *sql.Rows) (DeviceRow, error) {
		var v DeviceRow
		err := r.Scan(&v.ID, &v.Platform, &v.Model, &v.AppVersion, &v.CreatedAt, &v.UpdatedAt)
		v.CreatedAt, v.UpdatedAt = v.CreatedAt.UTC(), v.UpdatedAt.UTC()
		return v, err
	}, `SELECT id, platform, model, app_version, created_at, updated_at FROM devices WHERE user_id = $1
		ORDER BY updated_at DESC, id DESC LIMIT $2`, id, detailRows); err != nil {
		return UserDetail{}, internal("user", err)
	}
	if d.Events, err = collect(ctx, s.db, scanEvent, `SELECT `+eventColumns+` FROM events WHERE user_id = $1
		ORDER BY created_at DESC, id DESC LIMIT $2`, id, detailRows); err != nil {
		return UserDetail{}, internal("user", err)
	}
	return d, nil
}

const eventColumns = `id, type, user_id, source, campaign, created_at`

func scanEvent(r *sql.Rows) (EventRow, error) {
	var (
		e    EventRow
		user sql.NullString
	)
	err := r.Scan(&e.ID, &e.Type, &user, &e.Source, &e.Campaign, &e.CreatedAt)
	e.UserID, e.CreatedAt = user.String, e.CreatedAt.UTC()
	return e, err
}

// PriceLine is one line of an order's price.
type PriceLine struct {
	Kind        string
	Quantity    int
	Days, Hours int
	AmountCents int64
	VATCents    int64
}

// LockerRow is a compartment an order holds or held.
type LockerRow struct {
	ID       string // the order_lockers row (what extending names)
	LockerID string
	Label    string
	Status   string
	StartsAt time.Time
	EndsAt   time.Time
	Live     bool
}

// RefundRow is a refund of one payment.
type RefundRow struct {
	ID          string
	PaymentID   string
	AmountCents int64
	Reason      string
	State       string
	CreatedAt   time.Time
	RefundedAt  time.Time
}

// InvoiceRow is an invoice or credit note of the order.
type InvoiceRow struct {
	ID         string
	Kind       string // invoice or credit_note
	Number     string
	State      string
	GrossCents int64
	CreatedAt  time.Time
}

// OrderDetail is an order's page for the back office.
type OrderDetail struct {
	Order    OrderRow
	Lines    []PriceLine
	Lockers  []LockerRow
	Payments []PaymentRow
	Refunds  []RefundRow
	Invoices []InvoiceRow
	Doors    []DoorCommandRow
}

// Order is an order's page: price lines, lockers, payments, refunds, invoices
// and door commands.
func (s *Service) Order(ctx context.Context, id string) (OrderDetail, error) {
	o, err := s.orderRow(ctx, s.db, id)
	if err != nil {
		return OrderDetail{}, internal("order", err)
	}
	d := OrderDetail{Order: o}
	if d.Lines, err = collect(ctx, s.db, func(r *sql.Rows) (PriceLine, error) {
		var l PriceLine
		return l, r.Scan(&l.Kind, &l.Quantity, &l.Days, &l.Hours, &l.AmountCents, &l.VATCents)
	}, `SELECT kind, quantity, days, hours, amount_cents, vat_cents FROM order_price_lines WHERE order_id = $1
		ORDER BY created_at, id`, id); err != nil {
		return OrderDetail{}, internal("order", err)
	}
	if d.Lockers, err = collect(ctx, s.db, func(r *sql.Rows) (LockerRow, error) {
		var l LockerRow
		err := r.Scan(&l.ID, &l.LockerID, &l.Label, &l.Status, &l.StartsAt, &l.EndsAt, &l.Live)
		l.StartsAt, l.EndsAt = l.StartsAt.UTC(), l.EndsAt.UTC()
		return l, err
	}, `SELECT ol.id, ol.locker_id, l.label, ol.status, ol.starts_at, ol.ends_at, ol.live FROM order_lockers ol
		JOIN lockers l ON l.id = ol.locker_id WHERE ol.order_id = $1 ORDER BY ol.starts_at, ol.id`, id); err != nil {
		return OrderDetail{}, internal("order", err)
	}
	if d.Payments, err = collect(ctx, s.db, scanPayment, `SELECT `+paymentColumns+` FROM payments
		WHERE order_id = $1 ORDER BY created_at, id`, id); err != nil {
		return OrderDetail{}, internal("order", err)
	}
	if d.Refunds, err = collect(ctx, s.db, func(r *sql.Rows) (RefundRow, error) {
		var (
			f  RefundRow
			at sql.NullTime
		)
		err := r.Scan(&f.ID, &f.PaymentID, &f.AmountCents, &f.Reason, &f.State, &f.CreatedAt, &at)
		f.CreatedAt, f.RefundedAt = f.CreatedAt.UTC(), opt(at)
		return f, err
	}, `SELECT id, payment_id, amount_cents, reason, state, created_at, refunded_at FROM refunds
		WHERE order_id = $1 ORDER BY created_at, id`, id); err != nil {
		return OrderDetail{}, internal("order", err)
	}
	if d.Invoices, err = collect(ctx, s.db, func(r *sql.Rows) (InvoiceRow, error) {
		var v InvoiceRow
		err := r.Scan(&v.ID, &v.Kind, &v.Number, &v.State, &v.GrossCents, &v.CreatedAt)
		v.CreatedAt = v.CreatedAt.UTC()
		return v, err
	}, `SELECT id, kind, number, state, gross_cents, created_at FROM invoices WHERE order_id = $1
		ORDER BY created_at, id`, id); err != nil {
		return OrderDetail{}, internal("order", err)
	}
	if d.Doors, err = s.orderDoors(ctx, id); err != nil {
		return OrderDetail{}, internal("order", err)
	}
	return d, nil
}
