package ordersql

import (
	"context"
	"time"

	"lockers/internal/order"
	"lockers/internal/promo/promosql"
	"lockers/internal/store"
)

// Change locks the user's order, lets fn change it and saves the result.
func (s *Store) Change(ctx context.Context, userID, id string, fn func(context.Context, order.Tx, *order.Order) error) (order.Order, error) {
	err := s.db.InTx(ctx, func(tx *store.Tx) error {
		o, err := loadOne(ctx, tx, tx.Dialect(), userID, id, true)
		if err != nil {
			return err
		}
		if err := fn(ctx, changeTx{tx}, &o); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE orders SET status = $2, ends_at = $3, reserved_until = $4,
				user_coupon_id = $5, coupon_used = $6, cancel_note = $7, confirmed_at = $8, cancelled_at = $9, updated_at = $10
			WHERE id = $1`,
			o.ID, string(o.Status), o.End.UTC(), o.ReservedUntil.UTC(), couponID(o), o.CouponUsed,
			nullString(o.CancelNote), nullTime(o.ConfirmedAt), nullTime(o.CancelledAt), o.UpdatedAt.UTC()); err != nil {
			return err
		}
		if o.Status.Releases() {
			_, err := tx.ExecContext(ctx, `UPDATE order_lockers SET live = false WHERE order_id = $1 AND live`, o.ID)
			return err
		}
		return nil
	})
	if err != nil {
		return order.Order{}, err
	}
	return s.Get(ctx, userID, id)
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

func (c changeTx) AddLine(ctx context.Context, orderID string, l order.Line) error {
	return addLine(ctx, c.tx, orderID, l)
}

func (c changeTx) DeleteLines(ctx context.Context, orderID, kind string) error {
	_, err := c.tx.ExecContext(ctx, `DELETE FROM order_price_lines WHERE order_id = $1 AND kind = $2`, orderID, kind)
	return err
}
