package invoicesql

import (
	"context"
	"database/sql"
	"errors"

	"lockers/internal/invoice"
	"lockers/internal/store"
)

// headSelect reads an invoice row and, for a credit note, the number of the
// invoice it credits.
const headSelect = `SELECT i.id, i.kind, i.year, i.seq, i.number, i.user_id, i.order_id, i.payment_id, i.refund_id,
	i.credits_invoice_id, c.number, i.state, i.currency, i.net_cents, i.vat_cents, i.gross_cents,
	i.created_at, i.paid_at, i.settled_at, i.cancelled_at, i.seller_name, i.seller_address, i.seller_registry_code,
	i.seller_vat_number, i.buyer_name, i.buyer_email, i.station_zone
	FROM invoices i LEFT JOIN invoices c ON c.id = i.credits_invoice_id `

type scanner interface{ Scan(...any) error }

func scanHead(row scanner) (invoice.Invoice, error) {
	var (
		inv                       invoice.Invoice
		kind, state               string
		refund, credits, crNumber sql.NullString
		paid, settled, cancelled  sql.NullTime
		sName, sAddr, sReg, sVAT  sql.NullString
	)
	err := row.Scan(&inv.ID, &kind, &inv.Year, &inv.Seq, &inv.Number, &inv.UserID, &inv.OrderID, &inv.PaymentID,
		&refund, &credits, &crNumber, &state, &inv.Currency, &inv.NetCents, &inv.VATCents, &inv.GrossCents,
		&inv.CreatedAt, &paid, &settled, &cancelled, &sName, &sAddr, &sReg, &sVAT, &inv.Buyer.Name, &inv.Buyer.Email,
		&inv.StationZone)
	if err != nil {
		return inv, err
	}
	inv.Kind, inv.State = invoice.Kind(kind), invoice.State(state)
	inv.RefundID, inv.CreditsID, inv.CreditsNumber = refund.String, credits.String, crNumber.String
	inv.CreatedAt = inv.CreatedAt.UTC()
	inv.Seller = scanSeller(sName, sAddr, sReg, sVAT)
	inv.PaidAt, inv.SettledAt, inv.CancelledAt = store.TimeOf(paid), store.TimeOf(settled), store.TimeOf(cancelled)
	return inv, nil
}

// heads runs a query of headSelect and collects its rows.
func heads(ctx context.Context, q store.Querier, query string, args ...any) ([]invoice.Invoice, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []invoice.Invoice
	for rows.Next() {
		inv, err := scanHead(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, inv)
	}
	return out, rows.Err()
}

// one reads a single invoice with its lines; ErrNotFound when there is none.
func one(ctx context.Context, q store.Querier, query string, args ...any) (invoice.Invoice, error) {
	inv, err := scanHead(q.QueryRowContext(ctx, query, args...))
	if errors.Is(err, sql.ErrNoRows) {
		return invoice.Invoice{}, invoice.ErrNotFound
	}
	if err != nil {
		return invoice.Invoice{}, err
	}
	invs := []invoice.Invoice{inv}
	if err := withLines(ctx, q, invs); err != nil {
		return invoice.Invoice{}, err
	}
	return invs[0], nil
}

// withLines loads the lines of invs in one query.
func withLines(ctx context.Context, q store.Querier, invs []invoice.Invoice) error {
	if len(invs) == 0 {
		return nil
	}
	at := make(map[string]int, len(invs))
	args := make([]any, len(invs))
	for i, inv := range invs {
		at[inv.ID] = i
		args[i] = inv.ID
	}
	rows, err := q.QueryContext(ctx, `SELECT invoice_id, kind, quantity, days, hours, starts_at, ends_at, capped,
		net_cents, vat_cents, gross_cents, vat_percent FROM invoice_lines WHERE invoice_id IN (`+marks(1, len(args))+`)
		ORDER BY invoice_id, position`, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var (
			id       string
			l        invoice.Line
			from, to sql.NullTime
		)
		if err := rows.Scan(&id, &l.Kind, &l.Quantity, &l.Days, &l.Hours, &from, &to, &l.Capped, &l.NetCents,
			&l.VATCents, &l.GrossCents, &l.VATPercent); err != nil {
			return err
		}
		l.From, l.To = store.TimeOf(from), store.TimeOf(to)
		if i, ok := at[id]; ok {
			invs[i].Lines = append(invs[i].Lines, l)
		}
	}
	return rows.Err()
}
