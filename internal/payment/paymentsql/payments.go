package paymentsql

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"lockers/internal/order"
	"lockers/internal/payment"
	"lockers/internal/store"
)

const paymentCols = `id, user_id, order_id, kind, flow, method_id, provider, provider_ref, idempotency_key,
	amount_cents, vat_cents, currency, lines, ext_order_locker_id, ext_new_end, state, url, failure, created_at,
	updated_at, paid_at, invoiced_at`

// line is a price line as a payment keeps it (what its invoice lists).
type line struct {
	Kind        string `json:"kind"`
	Quantity    int    `json:"quantity"`
	Days        int    `json:"days"`
	Hours       int    `json:"hours"`
	AmountCents int64  `json:"amountCents"`
	VATCents    int64  `json:"vatCents"`
	// The period and the daily cap (issue 28); absent in payments made before.
	From   *time.Time `json:"from,omitempty"`
	To     *time.Time `json:"to,omitempty"`
	Capped bool       `json:"capped,omitempty"`
}

func timeRef(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	t = t.UTC()
	return &t
}

func timeOf(t *time.Time) time.Time {
	if t == nil {
		return time.Time{}
	}
	return t.UTC()
}

func encodeLines(ls []order.Line) (string, error) {
	out := make([]line, 0, len(ls))
	for _, l := range ls {
		out = append(out, line{Kind: l.Kind, Quantity: l.Quantity, Days: l.Days, Hours: l.Hours,
			AmountCents: l.AmountCents, VATCents: l.VATCents, From: timeRef(l.From), To: timeRef(l.To), Capped: l.Capped})
	}
	b, err := json.Marshal(out)
	return string(b), err
}

func decodeLines(s string) ([]order.Line, error) {
	var in []line
	if err := json.Unmarshal([]byte(s), &in); err != nil {
		return nil, err
	}
	out := make([]order.Line, 0, len(in))
	for _, l := range in {
		out = append(out, order.Line{Kind: l.Kind, Quantity: l.Quantity, Days: l.Days, Hours: l.Hours,
			AmountCents: l.AmountCents, VATCents: l.VATCents, From: timeOf(l.From), To: timeOf(l.To), Capped: l.Capped})
	}
	return out, nil
}

func scanPayment(row interface{ Scan(...any) error }) (payment.Payment, error) {
	var (
		p                                payment.Payment
		method, ref, extLocker, url, why sql.NullString
		extEnd, paid, invoiced           sql.NullTime
		kind, flow, state, lines         string
	)
	err := row.Scan(&p.ID, &p.UserID, &p.OrderID, &kind, &flow, &method, &p.Provider, &ref, &p.IdempotencyKey,
		&p.AmountCents, &p.VATCents, &p.Currency, &lines, &extLocker, &extEnd, &state, &url, &why, &p.CreatedAt,
		&p.UpdatedAt, &paid, &invoiced)
	if errors.Is(err, sql.ErrNoRows) {
		return p, payment.ErrNotFound
	}
	if err != nil {
		return p, err
	}
	p.Kind, p.Flow, p.State = order.DueKind(kind), payment.Flow(flow), payment.State(state)
	p.MethodID, p.ProviderRef, p.ExtOrderLockerID, p.URL, p.Failure = method.String, ref.String, extLocker.String, url.String, why.String
	p.ExtNewEnd, p.PaidAt, p.InvoicedAt = store.TimeOf(extEnd), store.TimeOf(paid), store.TimeOf(invoiced)
	p.CreatedAt, p.UpdatedAt = p.CreatedAt.UTC(), p.UpdatedAt.UTC()
	p.Lines, err = decodeLines(lines)
	return p, err
}

func onePayment(ctx context.Context, q store.Querier, query string, args ...any) (payment.Payment, error) {
	return scanPayment(q.QueryRowContext(ctx, query, args...))
}

func queryPayments(ctx context.Context, q store.Querier, query string, args ...any) ([]payment.Payment, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []payment.Payment
	for rows.Next() {
		p, err := scanPayment(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

func insertPayment(ctx context.Context, q store.Querier, p payment.Payment) error {
	lines, err := encodeLines(p.Lines)
	if err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, `INSERT INTO payments (`+paymentCols+`)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)`,
		p.ID, p.UserID, p.OrderID, string(p.Kind), string(p.Flow), store.NullString(p.MethodID), p.Provider,
		store.NullString(p.ProviderRef), p.IdempotencyKey, p.AmountCents, p.VATCents, p.Currency, lines,
		store.NullString(p.ExtOrderLockerID), store.NullTime(p.ExtNewEnd), string(p.State), store.NullString(p.URL),
		store.NullString(p.Failure), p.CreatedAt.UTC(), p.UpdatedAt.UTC(), store.NullTime(p.PaidAt), store.NullTime(p.InvoicedAt))
	return err
}

// savePayment writes what changes after an attempt is made.
func savePayment(ctx context.Context, q store.Querier, p payment.Payment) error {
	_, err := q.ExecContext(ctx, `UPDATE payments SET provider_ref = $2, state = $3, url = $4, failure = $5,
			updated_at = $6, paid_at = $7, invoiced_at = $8
		WHERE id = $1`, p.ID, store.NullString(p.ProviderRef), string(p.State), store.NullString(p.URL), store.NullString(p.Failure),
		p.UpdatedAt.UTC(), store.NullTime(p.PaidAt), store.NullTime(p.InvoicedAt))
	return err
}
