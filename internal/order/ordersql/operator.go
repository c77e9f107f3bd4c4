package ordersql

import (
	"context"
	"time"

	"lockers/internal/order"
	"lockers/internal/promo/promosql"
	"lockers/internal/store"
)

// OperatorIn is order.OperatorSteps inside tx, the caller's transaction (the
// back office's, which records the audit row in it too). The rules of what
// an operator may change are the orders domain's (order.DeleteByOperator,
// FreeHold, MoveBooking); these are only its reads and writes.
func OperatorIn(tx *store.Tx) order.OperatorSteps { return operatorSteps{tx} }

type operatorSteps struct{ tx *store.Tx }

func (s operatorSteps) Lock(ctx context.Context, userID, id string) (order.Order, error) {
	return Lock(ctx, s.tx, userID, id)
}

func (s operatorSteps) Save(ctx context.Context, o order.Order) error { return Save(ctx, s.tx, o) }

func (s operatorSteps) ReturnCoupon(ctx context.Context, couponID string) error {
	return promosql.Return(ctx, s.tx, couponID)
}

// MoveBooking keeps the booking's codes: the station looks them up by
// booking, not by compartment. The live and from conditions hold the move to
// what the domain checked under the order's lock.
func (s operatorSteps) MoveBooking(ctx context.Context, orderLockerID, from, to string, at time.Time) (bool, error) {
	res, err := s.tx.ExecContext(ctx, `UPDATE order_lockers SET locker_id = $3 WHERE id = $1 AND locker_id = $2 AND live`,
		orderLockerID, from, to)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	if err != nil || n == 0 {
		return false, err
	}
	_, err = s.tx.ExecContext(ctx, `UPDATE orders SET updated_at = $2 WHERE id = (SELECT order_id FROM order_lockers WHERE id = $1)`,
		orderLockerID, at.UTC())
	return err == nil, err
}
