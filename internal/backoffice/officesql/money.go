package officesql

import (
	"context"
	"database/sql"

	"lockers/internal/apperr"
	"lockers/internal/backoffice"
)

// moneyLedger is every payment made and every refund paid out, as rows of
// one shape: payments at paid_at (payments_paid_idx), refunds negative at
// refunded_at (refunds_refunded_idx), the same two sets the statistics'
// revenue adds up.
const moneyLedger = `(SELECT p.paid_at AS at, 'payment' AS kind, p.id AS id, p.id AS payment_id, p.order_id AS order_id,
		p.user_id AS user_id, p.amount_cents AS cents, p.currency AS currency, '' AS reason
		FROM payments p WHERE p.paid_at IS NOT NULL
	UNION ALL
	SELECT r.refunded_at, 'refund', r.id, r.payment_id, r.order_id, r.user_id, -r.amount_cents, r.currency, r.reason
		FROM refunds r WHERE r.state = 'succeeded') m`

// Money lists the ledger newest first, paged by (time, id).
func (s *Store) Money(ctx context.Context, f backoffice.MoneyFilter) (backoffice.MoneyPage, error) {
	c, ok, err := decodeCursor(f.Cursor)
	if err != nil {
		return backoffice.MoneyPage{}, err
	}
	if f.UserID != "" && !validID(f.UserID) {
		return backoffice.MoneyPage{}, apperr.Field(apperr.BadInput, "userId", "not an id")
	}
	n := limit(f.Limit)
	var w where
	if f.UserID != "" {
		w.add("m.user_id = ?", f.UserID)
	}
	if !f.From.IsZero() {
		w.add("m.at >= ?", f.From.UTC())
	}
	if !f.To.IsZero() {
		w.add("m.at < ?", f.To.UTC())
	}
	w.after(c, ok, "m.at", "m.id")
	rows, err := collect(ctx, s.db, func(r *sql.Rows) (backoffice.MoneyRow, error) {
		var m backoffice.MoneyRow
		err := r.Scan(&m.At, &m.Kind, &m.ID, &m.PaymentID, &m.OrderID, &m.UserID, &m.AmountCents, &m.Currency, &m.Reason)
		m.At = m.At.UTC()
		return m, err
	}, `SELECT m.at, m.kind, m.id, m.payment_id, m.order_id, m.user_id, m.cents, m.currency, m.reason FROM `+
		moneyLedger+w.sql()+` ORDER BY m.at DESC, m.id DESC LIMIT `+w.arg(n+1), w.args...)
	if err != nil {
		return backoffice.MoneyPage{}, internal("money", err)
	}
	out := backoffice.MoneyPage{Items: rows}
	if len(rows) > n {
		out.Items = rows[:n]
		last := rows[n-1]
		out.Next = cursor{At: last.At, ID: last.ID}.encode()
	}
	return out, nil
}
