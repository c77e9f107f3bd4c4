package officesql

import (
	"context"
	"database/sql"
	"time"

	"lockers/internal/backoffice"
)

// MoneyDocs reads the payments paid and the refunds succeeded in [from, to),
// each with its invoice or credit note (invoices keep payment and refund ids
// as text). A surplus refund's money was never the order's: neither it nor
// its payment is due a document.
func (s *Store) MoneyDocs(ctx context.Context, from, to time.Time) ([]backoffice.MoneyDocs, error) {
	rows, err := collect(ctx, s.db, func(r *sql.Rows) (backoffice.MoneyDocs, error) {
		var (
			m   backoffice.MoneyDocs
			doc sql.NullInt64
		)
		var ref sql.NullString
		err := r.Scan(&m.Kind, &m.ID, &m.AmountCents, &ref, &m.DocDue, &doc)
		m.ProviderRef = ref.String
		m.HasDoc, m.DocCents = doc.Valid, doc.Int64
		return m, err
	}, `SELECT 'payment', CAST(p.id AS TEXT), p.amount_cents, p.provider_ref,
			NOT EXISTS (SELECT 1 FROM refunds x WHERE x.payment_id = p.id AND x.reason = 'surplus'), i.gross_cents
		FROM payments p LEFT JOIN invoices i ON i.kind = 'invoice' AND i.payment_id = CAST(p.id AS TEXT)
		WHERE p.paid_at >= $1 AND p.paid_at < $2
	UNION ALL
	SELECT 'refund', CAST(r.id AS TEXT), r.amount_cents, r.provider_ref, r.reason <> 'surplus', -c.gross_cents
		FROM refunds r LEFT JOIN invoices c ON c.kind = 'credit_note' AND c.refund_id = CAST(r.id AS TEXT)
		WHERE r.state = 'succeeded' AND r.refunded_at >= $1 AND r.refunded_at < $2
	ORDER BY 1, 2`, from.UTC(), to.UTC())
	if err != nil {
		return nil, internal("money documents", err)
	}
	return rows, nil
}
