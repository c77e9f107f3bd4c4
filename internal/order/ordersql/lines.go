package ordersql

import (
	"context"
	"strconv"
	"strings"

	"lockers/internal/order"
	"lockers/internal/store"
)

func addLine(ctx context.Context, q store.Querier, orderID string, l order.Line) error {
	return addLines(ctx, q, orderID, []order.Line{l})
}

// addLines inserts price lines in one multi-row statement: one round trip
// (PostgreSQL) or parse (SQLite) inside the write transaction. The text depends
// only on the number of lines (one or two for a new order), so Book may keep it
// prepared.
func addLines(ctx context.Context, q store.Querier, orderID string, ls []order.Line) error {
	if len(ls) == 0 {
		return nil
	}
	_, err := q.ExecContext(ctx, linesInsert(1, len(ls)), lineArgs(orderID, ls)...)
	return err
}

const lineCols = 12

// lineTypes are the columns' PostgreSQL types, for parameters whose type the
// server cannot infer (in a VALUES list that feeds INSERT ... SELECT).
var lineTypes = [lineCols]string{"uuid", "uuid", "text", "integer", "integer", "integer", "bigint", "bigint",
	"timestamptz", "timestamptz", "boolean", "timestamptz"}

// lineColumns are the inserted columns, in lineArgs' order.
const lineColumns = `id, order_id, kind, quantity, days, hours, amount_cents, vat_cents, starts_at, ends_at, capped,
	created_at`

// linesInsert is the INSERT of n price lines whose parameters start at $first.
func linesInsert(first, n int) string {
	return `INSERT INTO order_price_lines
			(` + lineColumns + `) VALUES ` +
		lineValues(first, n, false)
}

// lineValues is the tuples of n price lines, "($first, ...), (...)", each
// parameter cast to its lineTypes type when typed is set.
func lineValues(first, n int, typed bool) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteByte('(')
		for j := range lineCols {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString("$" + strconv.Itoa(first+i*lineCols+j))
			if typed {
				b.WriteString("::" + lineTypes[j])
			}
		}
		b.WriteByte(')')
	}
	return b.String()
}

// lineArgs are linesInsert's arguments.
func lineArgs(orderID string, ls []order.Line) []any {
	args := make([]any, 0, lineCols*len(ls))
	for _, l := range ls {
		args = append(args, l.ID, orderID, l.Kind, l.Quantity, l.Days, l.Hours, l.AmountCents, l.VATCents,
			store.NullTime(l.From), store.NullTime(l.To), l.Capped, l.CreatedAt.UTC())
	}
	return args
}
