package invoicesql

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"lockers/internal/invoice"
	"lockers/internal/store"
)

// ByPayments reads the invoices (not credit notes) of the payments, by payment
// id, without their lines.
func (s *Store) ByPayments(ctx context.Context, paymentIDs []string) (map[string]invoice.Invoice, error) {
	out := make(map[string]invoice.Invoice, len(paymentIDs))
	if len(paymentIDs) == 0 {
		return out, nil
	}
	args := make([]any, len(paymentIDs))
	for i, id := range paymentIDs {
		args[i] = id
	}
	invs, err := heads(ctx, s.db, headSelect+`WHERE i.kind = 'invoice' AND i.payment_id IN (`+marks(1, len(args))+`)`, args...)
	for _, inv := range invs {
		out[inv.PaymentID] = inv
	}
	return out, err
}

// IssueAll numbers invs in the order given and inserts them with their lines in
// one transaction: one counter update per year and one insert each for the
// invoices and their lines, however many there are. Any failure inserts none.
func (s *Store) IssueAll(ctx context.Context, invs []invoice.Invoice) ([]invoice.Invoice, error) {
	out := append([]invoice.Invoice(nil), invs...)
	err := s.db.InTx(ctx, func(tx *store.Tx) error {
		if err := number(ctx, tx, out); err != nil {
			return err
		}
		for start := 0; start < len(out); start += insertRows {
			if err := insertAll(ctx, tx, out[start:min(start+insertRows, len(out))]); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, classify(err)
	}
	return out, nil
}

// insertRows bounds the invoices of one INSERT (23 parameters each; SQLite
// allows 32,766 in a statement, PostgreSQL 65,535).
const insertRows = 200

// number takes len(invs) numbers of each year at once.
func number(ctx context.Context, tx *store.Tx, invs []invoice.Invoice) error {
	count := map[int]int{}
	for _, inv := range invs {
		count[inv.Year]++
	}
	next := make(map[int]int, len(count))
	for year, n := range count {
		var last int
		if err := tx.QueryRowContext(ctx, `INSERT INTO invoice_counters (year, last_seq) VALUES ($1, $2)
			ON CONFLICT (year) DO UPDATE SET last_seq = invoice_counters.last_seq + $2
			RETURNING last_seq`, year, n).Scan(&last); err != nil {
			return fmt.Errorf("number: %w", err)
		}
		next[year] = last - n + 1
	}
	for i := range invs {
		invs[i].Seq = next[invs[i].Year]
		next[invs[i].Year]++
		invs[i].Number = invoice.FormatNumber(invs[i].Year, invs[i].Seq)
	}
	return nil
}

// insertAll inserts invs (numbered) and their lines and fixes their buyer and
// zone, three statements in all.
func insertAll(ctx context.Context, tx *store.Tx, invs []invoice.Invoice) error {
	const cols = headColumnCount
	args := make([]any, 0, len(invs)*cols)
	rows := make([]string, 0, len(invs))
	var lineArgs []any
	var lineRows []string
	for _, inv := range invs {
		rows = append(rows, "("+marks(len(args)+1, cols)+")")
		args = append(args, headValues(inv)...)
		for i, l := range inv.Lines {
			lineRows = append(lineRows, "("+marks(len(lineArgs)+1, lineColumnCount)+")")
			lineArgs = append(lineArgs, lineValues(inv.ID, i+1, l)...)
		}
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO invoices (`+headColumns+`) VALUES `+strings.Join(rows, ", "),
		args...); err != nil {
		return err
	}
	if len(lineRows) > 0 {
		if _, err := tx.ExecContext(ctx, `INSERT INTO invoice_lines (`+lineColumns+`) VALUES `+
			strings.Join(lineRows, ", "), lineArgs...); err != nil {
			return err
		}
	}
	return snapshot(ctx, tx, invs)
}

// marks is n numbered placeholders from $first: "$3, $4, $5".
func marks(first, n int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("$" + strconv.Itoa(first+i))
	}
	return b.String()
}
