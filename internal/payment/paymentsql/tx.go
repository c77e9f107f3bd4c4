package paymentsql

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"lockers/internal/order"
	"lockers/internal/order/ordersql"
	"lockers/internal/payment"
	"lockers/internal/store"
)

// txStore is payment.Tx on an open transaction. Reads that lock take
// PostgreSQL's row lock; SQLite's writer transaction is exclusive anyway.
type txStore struct{ tx *store.Tx }

// q runs statements prepared (SQLite parses each text once per connection).
func (t *txStore) q() store.Querier { return t.tx.Prepared() }

var _ payment.Tx = (*txStore)(nil)

// forUpdate is the row-lock suffix of the dialect.
func (t *txStore) forUpdate() string {
	if t.tx.Dialect() == store.Postgres {
		return ` FOR UPDATE`
	}
	return ``
}

func (t *txStore) Order(ctx context.Context, userID, id string) (order.Order, error) {
	return ordersql.Lock(ctx, t.tx, userID, id)
}

func (t *txStore) OrderToSettle(ctx context.Context, userID, id string) (order.Order, error) {
	return ordersql.LockForPayment(ctx, t.tx, userID, id)
}

func (t *txStore) SaveOrder(ctx context.Context, o order.Order) error {
	return ordersql.Save(ctx, t.tx, o)
}

func (t *txStore) OrderTx() order.Tx { return ordersql.TxOn(t.tx) }

func (t *txStore) Method(ctx context.Context, userID, id string) (payment.Method, error) {
	return oneMethod(ctx, t.q(), `SELECT `+methodCols+` FROM payment_methods
		WHERE user_id = $1 AND id = $2 AND removed_at IS NULL`+t.forUpdate(), userID, id)
}

func (t *txStore) MethodOwner(ctx context.Context, id string) (string, error) {
	var userID string
	err := t.q().QueryRowContext(ctx, `SELECT user_id FROM payment_methods WHERE id = $1`, id).Scan(&userID)
	if errors.Is(err, sql.ErrNoRows) {
		return "", payment.ErrNotFound
	}
	return userID, err
}

func (t *txStore) InsertMethod(ctx context.Context, m payment.Method) error {
	return insertMethod(ctx, t.q(), m)
}

func (t *txStore) SaveMethod(ctx context.Context, m payment.Method) error {
	return saveMethod(ctx, t.q(), m)
}

func (t *txStore) RemoveMethod(ctx context.Context, m payment.Method, at time.Time) error {
	_, err := t.q().ExecContext(ctx, `UPDATE payment_methods SET removed_at = $2, is_default = false, updated_at = $2
		WHERE id = $1`, m.ID, at.UTC())
	return err
}

func (t *txStore) SettleMethod(ctx context.Context, id string, at time.Time) error {
	_, err := t.q().ExecContext(ctx, `UPDATE payment_methods SET state = 'settled', failure = NULL, updated_at = $2
		WHERE id = $1 AND state IN ('valid', 'settled')`, id, at.UTC())
	return err
}

func (t *txStore) DeclineMethod(ctx context.Context, id string, at time.Time) error {
	_, err := t.q().ExecContext(ctx, `UPDATE payment_methods SET failure = $2, updated_at = $3
		WHERE id = $1 AND state IN ('valid', 'settled')`, id, payment.ChargeDeclined, at.UTC())
	return err
}

func (t *txStore) ClearDefault(ctx context.Context, userID, exceptID string) error {
	_, err := t.q().ExecContext(ctx, `UPDATE payment_methods SET is_default = false
		WHERE user_id = $1 AND id <> $2 AND is_default AND removed_at IS NULL`, userID, exceptID)
	return err
}

func (t *txStore) HasDefault(ctx context.Context, userID string) (bool, error) {
	var n int
	err := t.q().QueryRowContext(ctx, `SELECT count(*) FROM payment_methods
		WHERE user_id = $1 AND is_default AND removed_at IS NULL`, userID).Scan(&n)
	return n > 0, err
}

func (t *txStore) Owner(ctx context.Context, paymentID string) (string, string, error) {
	var userID, orderID string
	err := t.q().QueryRowContext(ctx, `SELECT user_id, order_id FROM payments WHERE id = $1`, paymentID).Scan(&userID, &orderID)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", payment.ErrNotFound
	}
	return userID, orderID, err
}

func (t *txStore) Payment(ctx context.Context, id string) (payment.Payment, error) {
	return onePayment(ctx, t.q(), `SELECT `+paymentCols+` FROM payments WHERE id = $1`+t.forUpdate(), id)
}

func (t *txStore) Attempts(ctx context.Context, orderID string) ([]payment.Payment, error) {
	return queryPayments(ctx, t.q(), `SELECT `+paymentCols+` FROM payments
		WHERE order_id = $1 AND state IN ('pending', 'processing') ORDER BY created_at, id`, orderID)
}

// Kept leaves out payments refunded (or being refunded) as surplus.
func (t *txStore) Kept(ctx context.Context, orderID string) ([]payment.Payment, error) {
	return queryPayments(ctx, t.q(), `SELECT `+paymentCols+` FROM payments p
		WHERE p.order_id = $1 AND p.state = 'paid'
		  AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = p.id AND r.reason = 'surplus')
		ORDER BY p.created_at, p.id`, orderID)
}

func (t *txStore) InsertPayment(ctx context.Context, p payment.Payment) error {
	return insertPayment(ctx, t.q(), p)
}

func (t *txStore) SavePayment(ctx context.Context, p payment.Payment) error {
	return savePayment(ctx, t.q(), p)
}

func (t *txStore) RefundOf(ctx context.Context, paymentID string) (payment.Refund, error) {
	return scanRefund(t.q().QueryRowContext(ctx, `SELECT `+refundCols+` FROM refunds
		WHERE payment_id = $1 AND reason <> 'partial'`+t.forUpdate(), paymentID))
}

func (t *txStore) PartRefunded(ctx context.Context, paymentID string) (int64, error) {
	var cents int64
	err := t.q().QueryRowContext(ctx, `SELECT coalesce(sum(amount_cents), 0) FROM refunds
		WHERE payment_id = $1 AND reason = 'partial' AND state <> 'failed'`, paymentID).Scan(&cents)
	return cents, err
}

func (t *txStore) Refund(ctx context.Context, id string) (payment.Refund, error) {
	return scanRefund(t.q().QueryRowContext(ctx, `SELECT `+refundCols+` FROM refunds WHERE id = $1`+t.forUpdate(), id))
}

func (t *txStore) InsertRefund(ctx context.Context, r payment.Refund) error {
	return insertRefund(ctx, t.q(), r)
}

func (t *txStore) SaveRefund(ctx context.Context, r payment.Refund) error {
	return saveRefund(ctx, t.q(), r)
}

// Seen records the notification; the primary key (provider, event_id) makes a
// second insert of the same id do nothing.
func (t *txStore) Claim(ctx context.Context, provider, eventID string, at time.Time) (bool, error) {
	res, err := t.q().ExecContext(ctx, `UPDATE webhook_events SET applied_at = $3
		WHERE provider = $1 AND event_id = $2 AND applied_at IS NULL`, provider, eventID, at.UTC())
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
