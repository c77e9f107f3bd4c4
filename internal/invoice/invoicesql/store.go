// Package invoicesql implements invoice.Store on the project database, the
// same SQL on SQLite and PostgreSQL. Gapless numbering: the number is taken from
// invoice_counters by an upsert in the transaction that inserts the invoice. On
// PostgreSQL the upsert locks the year's counter row until that transaction
// ends, so the next issuer waits and then counts on from the committed value; on
// SQLite the transaction holds the single writer. A transaction that fails after
// taking a number rolls the counter back with it.
package invoicesql

import (
	"context"
	"time"

	"lockers/internal/invoice"
	"lockers/internal/store"
)

// Store keeps invoices and credit notes.
type Store struct {
	db *store.DB
}

// New returns a Store on db.
func New(db *store.DB) *Store { return &Store{db: db} }

var _ invoice.Store = (*Store)(nil)

// Get reads one invoice or credit note with its lines.
func (s *Store) Get(ctx context.Context, id string) (invoice.Invoice, error) {
	return one(ctx, s.db, headSelect+`WHERE i.id = $1`, id)
}

// ByPayment reads the invoice of a payment.
func (s *Store) ByPayment(ctx context.Context, paymentID string) (invoice.Invoice, error) {
	return one(ctx, s.db, headSelect+`WHERE i.payment_id = $1 AND i.kind = 'invoice'`, paymentID)
}

// ByRefund reads the credit note of a refund.
func (s *Store) ByRefund(ctx context.Context, refundID string) (invoice.Invoice, error) {
	return one(ctx, s.db, headSelect+`WHERE i.refund_id = $1`, refundID)
}

// List reads the user's invoices and credit notes, newest (highest number) first.
func (s *Store) List(ctx context.Context, userID, orderID string, limit int) ([]invoice.Invoice, error) {
	query, args := headSelect+`WHERE i.user_id = $1 `, []any{userID, limit}
	if orderID != "" {
		query += `AND i.order_id = $3 `
		args = append(args, orderID)
	}
	invs, err := heads(ctx, s.db, query+`ORDER BY i.year DESC, i.seq DESC LIMIT $2`, args...)
	if err != nil {
		return nil, err
	}
	return invs, withLines(ctx, s.db, invs)
}

// Settle moves the order's paid invoices and credit notes to settled.
func (s *Store) Settle(ctx context.Context, orderID string, at time.Time) (int, error) {
	res, err := s.db.ExecContext(ctx, `UPDATE invoices SET state = 'settled', settled_at = $2
		WHERE order_id = $1 AND state = 'paid'`, orderID, at.UTC())
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// StationZone reads the time zone of the order's station (a read of the
// stations and orders tables, which their domains own and write).
func (s *Store) StationZone(ctx context.Context, orderID string) (string, error) {
	var zone string
	err := s.db.QueryRowContext(ctx, `SELECT s.time_zone FROM orders o JOIN stations s ON s.id = o.station_id
		WHERE o.id = $1`, orderID).Scan(&zone)
	return zone, err
}
