package invoicesql

import (
	"context"
	"fmt"

	"lockers/internal/invoice"
	"lockers/internal/store"
)

// Issue numbers and inserts an invoice or credit note in one transaction.
func (s *Store) Issue(ctx context.Context, inv invoice.Invoice) (invoice.Invoice, error) {
	err := s.db.InTx(ctx, func(tx *store.Tx) error {
		var err error
		inv, err = insert(ctx, tx, inv)
		return err
	})
	return inv, classify(err)
}

// Credit locks the payment's invoice, lets fn build the credit note, and inserts
// it and the invoice's new state together.
func (s *Store) Credit(ctx context.Context, paymentID string,
	fn func(inv *invoice.Invoice, credits []invoice.Invoice) (invoice.Invoice, error)) (invoice.Invoice, error) {
	var cn invoice.Invoice
	err := s.db.InTx(ctx, func(tx *store.Tx) error {
		lock := ""
		if tx.Dialect() == store.Postgres {
			lock = ` FOR UPDATE OF i` // SQLite's writer transaction is exclusive already
		}
		inv, err := one(ctx, tx, headSelect+`WHERE i.payment_id = $1 AND i.kind = 'invoice'`+lock, paymentID)
		if err != nil {
			return err
		}
		credits, err := heads(ctx, tx, headSelect+`WHERE i.credits_invoice_id = $1 ORDER BY i.year, i.seq`, inv.ID)
		if err != nil {
			return err
		}
		before := inv.State
		if cn, err = fn(&inv, credits); err != nil {
			return err
		}
		if cn, err = insert(ctx, tx, cn); err != nil {
			return err
		}
		if inv.State == before {
			return nil
		}
		_, err = tx.ExecContext(ctx, `UPDATE invoices SET state = $2, cancelled_at = $3 WHERE id = $1`,
			inv.ID, string(inv.State), store.NullTime(inv.CancelledAt))
		return err
	})
	return cn, classify(err)
}

// insert takes the next number of inv.Year and inserts inv and its lines.
func insert(ctx context.Context, tx *store.Tx, inv invoice.Invoice) (invoice.Invoice, error) {
	if err := tx.QueryRowContext(ctx, `INSERT INTO invoice_counters (year, last_seq) VALUES ($1, 1)
		ON CONFLICT (year) DO UPDATE SET last_seq = invoice_counters.last_seq + 1
		RETURNING last_seq`, inv.Year).Scan(&inv.Seq); err != nil {
		return inv, fmt.Errorf("number: %w", err)
	}
	inv.Number = invoice.FormatNumber(inv.Year, inv.Seq)
	if _, err := tx.ExecContext(ctx, `INSERT INTO invoices (`+headColumns+`) VALUES (`+marks(1, headColumnCount)+`)`,
		headValues(inv)...); err != nil {
		return inv, err
	}
	for i, l := range inv.Lines {
		if _, err := tx.ExecContext(ctx, `INSERT INTO invoice_lines (`+lineColumns+`)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`, lineValues(inv.ID, i+1, l)...); err != nil {
			return inv, err
		}
	}
	out := []invoice.Invoice{inv}
	err := snapshot(ctx, tx, out)
	return out[0], err
}

// classify turns the database's refusals into the Store's errors.
func classify(err error) error {
	switch {
	case err == nil:
		return nil
	case store.Violates(err, store.Unique):
		return fmt.Errorf("%w: %w", invoice.ErrDuplicate, err)
	case store.Violates(err, store.ForeignKey):
		return fmt.Errorf("%w: %w", invoice.ErrUnknownParty, err)
	}
	return err
}

// headColumns are the columns of an inserted invoice, in headValues' order.
const (
	headColumns = `id, kind, year, seq, number, user_id, order_id, payment_id, refund_id, credits_invoice_id, state,
		currency, net_cents, vat_cents, gross_cents, created_at, paid_at, settled_at, cancelled_at,
		seller_name, seller_address, seller_registry_code, seller_vat_number`
	headColumnCount = 23
)

func headValues(inv invoice.Invoice) []any {
	return append([]any{inv.ID, string(inv.Kind), inv.Year, inv.Seq, inv.Number, inv.UserID, inv.OrderID,
		inv.PaymentID, store.NullString(inv.RefundID), store.NullString(inv.CreditsID), string(inv.State), inv.Currency,
		inv.NetCents, inv.VATCents, inv.GrossCents, inv.CreatedAt.UTC(), store.NullTime(inv.PaidAt),
		store.NullTime(inv.SettledAt), store.NullTime(inv.CancelledAt)}, sellerValues(inv.Seller)...)
}

// lineColumns are the columns of an inserted invoice line, in lineValues' order.
const (
	lineColumns = `invoice_id, position, kind, quantity, days, hours, starts_at, ends_at, capped, net_cents,
		vat_cents, gross_cents, vat_percent`
	lineColumnCount = 13
)

func lineValues(invoiceID string, position int, l invoice.Line) []any {
	return []any{invoiceID, position, l.Kind, l.Quantity, l.Days, l.Hours, store.NullTime(l.From),
		store.NullTime(l.To), l.Capped, l.NetCents, l.VATCents, l.GrossCents, l.VATPercent}
}
