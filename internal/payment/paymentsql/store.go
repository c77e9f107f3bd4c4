// Package paymentsql implements payment.Store on the project database (both
// dialects). A payment's transaction changes its order through ordersql's Lock
// and Save in the same transaction, so a payment and the order it books are
// stored together or not at all.
package paymentsql

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"
	"time"

	"lockers/internal/order"
	"lockers/internal/order/ordersql"
	"lockers/internal/payment"
	"lockers/internal/store"
)

// Store keeps cards, payments, refunds and the notifications seen.
type Store struct {
	db     *store.DB
	orders *ordersql.Store
	group  store.Group // SQLite notification intake
}

// New returns a Store on db.
func New(db *store.DB) *Store { return &Store{db: db, orders: ordersql.New(db)} }

var _ payment.Store = (*Store)(nil)

// Order reads one of the user's orders.
func (s *Store) Order(ctx context.Context, userID, id string) (order.Order, error) {
	return s.orders.Get(ctx, userID, id)
}

// InTx runs fn in one transaction.
func (s *Store) InTx(ctx context.Context, fn func(context.Context, payment.Tx) error) error {
	return s.db.InTx(ctx, func(tx *store.Tx) error { return fn(ctx, &txStore{tx: tx}) })
}

// InGroup shares SQLite's writer among concurrent notifications (one commit
// for many, see store.Group); PostgreSQL runs them side by side instead.
func (s *Store) InGroup(ctx context.Context, fn func(context.Context, payment.Tx) error) error {
	if s.db.Dialect() != store.SQLite {
		return s.InTx(ctx, fn)
	}
	return s.group.Run(ctx, s.db, func(ctx context.Context, tx *store.Tx) error { return fn(ctx, &txStore{tx: tx}) })
}

func (s *Store) Methods(ctx context.Context, userID string) ([]payment.Method, error) {
	return queryMethods(ctx, s.db.Prepared(), `SELECT `+methodCols+` FROM payment_methods
		WHERE user_id = $1 AND removed_at IS NULL ORDER BY created_at, id`, userID)
}

func (s *Store) Method(ctx context.Context, userID, id string) (payment.Method, error) {
	return oneMethod(ctx, s.db.Prepared(), `SELECT `+methodCols+` FROM payment_methods
		WHERE user_id = $1 AND id = $2 AND removed_at IS NULL`, userID, id)
}

func (s *Store) DefaultMethod(ctx context.Context, userID string) (payment.Method, error) {
	return oneMethod(ctx, s.db.Prepared(), `SELECT `+methodCols+` FROM payment_methods
		WHERE user_id = $1 AND is_default AND removed_at IS NULL`, userID)
}

// CustomerRef returns the customer of the user's earliest card at the
// provider, removed cards included: the customer outlives its cards.
func (s *Store) CustomerRef(ctx context.Context, userID, provider string) (string, error) {
	var ref string
	err := s.db.Prepared().QueryRowContext(ctx, `SELECT customer_ref FROM payment_methods
		WHERE user_id = $1 AND provider = $2 AND customer_ref IS NOT NULL ORDER BY created_at LIMIT 1`,
		userID, provider).Scan(&ref)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return ref, err
}

func (s *Store) CountMethods(ctx context.Context, userID string) (int, error) {
	var n int
	err := s.db.Prepared().QueryRowContext(ctx, `SELECT count(*) FROM payment_methods WHERE user_id = $1 AND removed_at IS NULL`,
		userID).Scan(&n)
	return n, err
}

func (s *Store) Payment(ctx context.Context, id string) (payment.Payment, error) {
	return onePayment(ctx, s.db.Prepared(), `SELECT `+paymentCols+` FROM payments WHERE id = $1`, id)
}

func (s *Store) Stale(ctx context.Context, before, linksBefore time.Time, limit int) ([]payment.Payment, error) {
	return queryPayments(ctx, s.db.Prepared(), `SELECT `+paymentCols+` FROM payments
		WHERE state IN ('pending', 'processing') AND updated_at < $1
		  AND (state = 'processing' OR flow = 'charge' OR provider_ref IS NULL OR updated_at < $2)
		ORDER BY updated_at LIMIT $3`, before.UTC(), linksBefore.UTC(), limit)
}

// Uninvoiced leaves out payments refunded as surplus: the order never kept them.
func (s *Store) Uninvoiced(ctx context.Context, limit int) ([]payment.Payment, error) {
	return queryPayments(ctx, s.db.Prepared(), `SELECT `+paymentCols+` FROM payments p
		WHERE p.invoiced_at IS NULL AND p.paid_at IS NOT NULL
		  AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = p.id AND r.reason = 'surplus')
		ORDER BY p.paid_at LIMIT $1`, limit)
}

func (s *Store) UninvoicedRefunds(ctx context.Context, limit int) ([]payment.Refund, error) {
	return queryRefunds(ctx, s.db.Prepared(), `SELECT `+refundCols+` FROM refunds
		WHERE state = 'succeeded' AND invoiced_at IS NULL AND reason IN ('cancel', 'partial') ORDER BY refunded_at LIMIT $1`, limit)
}

func (s *Store) PendingRefunds(ctx context.Context, before time.Time, limit int) ([]payment.Refund, error) {
	return queryRefunds(ctx, s.db.Prepared(), `SELECT `+refundCols+` FROM refunds
		WHERE state = 'pending' AND updated_at < $1 ORDER BY updated_at LIMIT $2`, before.UTC(), limit)
}

func (s *Store) MarkProcessing(ctx context.Context, paymentID, ref string, at time.Time) error {
	_, err := s.db.Prepared().ExecContext(ctx, `UPDATE payments SET state = 'processing', provider_ref = $2, updated_at = $3
		WHERE id = $1 AND state = 'pending'`, paymentID, store.NullString(ref), at.UTC())
	return err
}

// MarkInvoiced marks a batch in one statement: under load the outbox takes
// many payments at once, and one write per payment would double the writes of
// a paid booking.
func (s *Store) MarkInvoiced(ctx context.Context, paymentIDs []string, at time.Time) error {
	if len(paymentIDs) == 0 {
		return nil
	}
	args := []any{at.UTC()}
	marks := make([]string, len(paymentIDs))
	for i, id := range paymentIDs {
		args = append(args, id)
		marks[i] = "$" + strconv.Itoa(i+2)
	}
	_, err := s.db.ExecContext(ctx, `UPDATE payments SET invoiced_at = $1 WHERE id IN (`+strings.Join(marks, ", ")+`)`, args...)
	return err
}

func (s *Store) MarkRefundInvoiced(ctx context.Context, refundID string, at time.Time) error {
	_, err := s.db.Prepared().ExecContext(ctx, `UPDATE refunds SET invoiced_at = $2 WHERE id = $1`, refundID, at.UTC())
	return err
}
