package ordersql

import (
	"context"
	"database/sql"
	"errors"
	"sync"
	"time"

	"lockers/internal/order"
	"lockers/internal/promo"
	"lockers/internal/promo/promosql"
	"lockers/internal/store"
	"lockers/internal/txn"
)

// Change locks the user's order, lets fn change it and saves the result.
func (s *Store) Change(ctx context.Context, userID, id string, fn func(context.Context, order.Tx, *order.Order) error) (order.Order, error) {
	err := s.db.InTx(ctx, func(tx *store.Tx) error {
		o, err := Lock(ctx, tx, userID, id)
		if err != nil {
			return err
		}
		if err := fn(ctx, TxOn(tx), &o); err != nil {
			return err
		}
		return Save(ctx, tx, o)
	})
	if err != nil {
		return order.Order{}, err
	}
	return s.Get(ctx, userID, id)
}

// Lock reads the user's order in tx and locks it until tx ends (PostgreSQL's
// row lock; SQLite's writer transaction is exclusive anyway). Other domains
// that change an order together with their own rows (payments) use Lock, TxOn
// and Save inside their transaction.
func Lock(ctx context.Context, tx *store.Tx, userID, id string) (order.Order, error) {
	return loadOne(ctx, tx, tx.Dialect(), userID, id, true)
}

// LockForPayment is Lock for rules that change the order row only (a payment
// settling): the order with its price lines, without its lockers, and its
// coupon by id only (enough for Save). Two queries instead of four, on the
// busiest path of the notification intake.
func LockForPayment(ctx context.Context, tx *store.Tx, userID, id string) (order.Order, error) {
	query := orderSelect + `WHERE o.user_id = $1 AND o.id = $2`
	if tx.Dialect() == store.Postgres {
		query += ` FOR UPDATE OF o`
	}
	q := tx.Prepared()
	h, err := scanHead(q.QueryRowContext(ctx, query, userID, id))
	if errors.Is(err, sql.ErrNoRows) {
		return order.Order{}, order.ErrNotFound
	}
	if err != nil {
		return order.Order{}, err
	}
	o := h.Order
	if h.couponID != "" {
		o.Coupon = &promo.Coupon{ID: h.couponID}
	}
	o.Lines, err = lines(ctx, q, o.ID)
	return o, err
}

// TxOn is order.Tx on an open transaction.
func TxOn(tx *store.Tx) order.Tx { return changeTx{tx} }

// Save writes what a change may touch: status, end, coupon, note, times,
// payment figures and the pending extension; the lockers are let go when the
// new status Releases.
func Save(ctx context.Context, tx *store.Tx, o order.Order) error {
	x := o.Extension
	if x == nil {
		x = &order.Extension{}
	}
	if _, err := tx.Prepared().ExecContext(ctx, `UPDATE orders SET status = $2, ends_at = $3, reserved_until = $4,
			user_coupon_id = $5, coupon_used = $6, cancel_note = $7, confirmed_at = $8, cancelled_at = $9, updated_at = $10,
			paid_cents = $11, refunded_cents = $12, payment_state = $13, ext_order_locker_id = $14, ext_old_end = $15,
			ext_new_end = $16, ext_amount_cents = $17, ext_vat_cents = $18, ext_days = $19, ext_hours = $20,
			ext_hold_until = $21, ext_created_at = $22, ext_capped = $23
		WHERE id = $1`,
		o.ID, string(o.Status), o.End.UTC(), o.ReservedUntil.UTC(), couponID(o), o.CouponUsed,
		store.NullString(o.CancelNote), store.NullTime(o.ConfirmedAt), store.NullTime(o.CancelledAt), o.UpdatedAt.UTC(),
		o.PaidCents, o.RefundedCents, store.NullString(string(o.PaymentState)), store.NullString(x.OrderLockerID),
		store.NullTime(x.OldEnd), store.NullTime(x.NewEnd), nullInt(x.AmountCents, o.Extension != nil),
		nullInt(x.VATCents, o.Extension != nil), nullInt(int64(x.Days), o.Extension != nil),
		nullInt(int64(x.Hours), o.Extension != nil), store.NullTime(x.HoldUntil), store.NullTime(x.CreatedAt),
		x.Capped); err != nil {
		return err
	}
	if o.Status.Releases() {
		if _, err := tx.ExecContext(ctx, `UPDATE order_lockers SET live = false WHERE order_id = $1 AND live`, o.ID); err != nil {
			return err
		}
	}
	if h, ok := saveHooks.Load(tx.DB()); ok {
		return h.(SaveHook)(ctx, tx, o)
	}
	return nil
}

// SaveHook runs in the transaction of every saved order change, after the
// order's row was written (notifications keep the reminders in step with it);
// tx is a *store.Tx.
type SaveHook func(ctx context.Context, tx txn.Tx, o order.Order) error

// saveHooks are the hooks by database: every Store and payment transaction
// on one database saves through Save, whoever made it.
var saveHooks sync.Map // *store.DB → SaveHook

// OnSave sets the hook of the orders saved on db (nil removes it).
func OnSave(db *store.DB, h SaveHook) {
	if h == nil {
		saveHooks.Delete(db)
		return
	}
	saveHooks.Store(db, h)
}

// nullInt stores n, or NULL when it is not set.
func nullInt(n int64, set bool) any {
	if !set {
		return nil
	}
	return n
}

// changeTx is order.Tx on the open transaction.
type changeTx struct{ tx *store.Tx }

func (c changeTx) UseCoupon(ctx context.Context, couponID string, at time.Time) (bool, error) {
	return promosql.Use(ctx, c.tx, couponID, at)
}

func (c changeTx) ReturnCoupon(ctx context.Context, couponID string) error {
	return promosql.Return(ctx, c.tx, couponID)
}

// ExtendLocker moves the end; the overlap rule of the database refuses it when
// the locker is booked by another order in the added time.
func (c changeTx) ExtendLocker(ctx context.Context, orderLockerID string, end time.Time) error {
	_, err := c.tx.ExecContext(ctx, `UPDATE order_lockers SET ends_at = $2 WHERE id = $1`, orderLockerID, end.UTC())
	if overlap(err) {
		return order.ErrLockerTaken
	}
	return err
}

// LockerFreeUntil checks the order locker's compartment for other live
// bookings between its end and end (a read: on PostgreSQL a refused UPDATE
// would abort the transaction the fallback then needs).
func (c changeTx) LockerFreeUntil(ctx context.Context, orderLockerID string, end time.Time) (bool, error) {
	var n int
	err := c.tx.QueryRowContext(ctx, `SELECT count(*) FROM order_lockers ol JOIN order_lockers o ON o.locker_id = ol.locker_id
		WHERE ol.id = $1 AND o.id <> ol.id AND o.live AND o.starts_at < $2 AND o.ends_at > ol.starts_at`,
		orderLockerID, end.UTC()).Scan(&n)
	return n == 0, err
}

// MoveAndExtend moves the order locker to the first free compartment (by
// label) of the same size, type and temperature at the station, free from its
// start to end, and sets its end. The overlap rule still decides a race
// (ErrLockerTaken).
func (c changeTx) MoveAndExtend(ctx context.Context, orderLockerID string, end time.Time) error {
	var to string
	err := c.tx.QueryRowContext(ctx, `SELECT n.id FROM order_lockers ol
		JOIN lockers l ON l.id = ol.locker_id
		JOIN lockers n ON n.station_id = l.station_id AND n.height = l.height AND n.type = l.type
			AND n.temperature = l.temperature AND n.state = 'available' AND n.id <> l.id
		WHERE ol.id = $1 AND NOT EXISTS (SELECT 1 FROM order_lockers o WHERE o.locker_id = n.id AND o.live
			AND o.starts_at < $2 AND o.ends_at > ol.starts_at)
		ORDER BY n.label LIMIT 1`, orderLockerID, end.UTC()).Scan(&to)
	if errors.Is(err, sql.ErrNoRows) {
		return order.ErrNoLockers
	}
	if err != nil {
		return err
	}
	_, err = c.tx.ExecContext(ctx, `UPDATE order_lockers SET locker_id = $2, ends_at = $3 WHERE id = $1`, orderLockerID, to, end.UTC())
	if overlap(err) {
		return order.ErrLockerTaken
	}
	return err
}

func (c changeTx) AddLine(ctx context.Context, orderID string, l order.Line) error {
	return addLine(ctx, c.tx, orderID, l)
}

func (c changeTx) DeleteLines(ctx context.Context, orderID, kind string) error {
	_, err := c.tx.ExecContext(ctx, `DELETE FROM order_price_lines WHERE order_id = $1 AND kind = $2`, orderID, kind)
	return err
}
