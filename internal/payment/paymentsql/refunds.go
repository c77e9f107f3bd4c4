package paymentsql

import (
	"context"
	"database/sql"
	"errors"

	"lockers/internal/payment"
	"lockers/internal/store"
)

const refundCols = `id, payment_id, order_id, user_id, provider, provider_ref, attempt, amount_cents, vat_cents,
	currency, reason, note, state, failure, created_at, updated_at, refunded_at, invoiced_at`

func scanRefund(row interface{ Scan(...any) error }) (payment.Refund, error) {
	var (
		r                  payment.Refund
		ref, why           sql.NullString
		refunded, invoiced sql.NullTime
		state              string
	)
	err := row.Scan(&r.ID, &r.PaymentID, &r.OrderID, &r.UserID, &r.Provider, &ref, &r.Attempt, &r.AmountCents,
		&r.VATCents, &r.Currency, &r.Reason, &r.Note, &state, &why, &r.CreatedAt, &r.UpdatedAt, &refunded, &invoiced)
	if errors.Is(err, sql.ErrNoRows) {
		return r, payment.ErrNotFound
	}
	r.ProviderRef, r.Failure, r.State = ref.String, why.String, payment.RefundState(state)
	r.RefundedAt, r.InvoicedAt = store.TimeOf(refunded), store.TimeOf(invoiced)
	r.CreatedAt, r.UpdatedAt = r.CreatedAt.UTC(), r.UpdatedAt.UTC()
	return r, err
}

func queryRefunds(ctx context.Context, q store.Querier, query string, args ...any) ([]payment.Refund, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []payment.Refund
	for rows.Next() {
		r, err := scanRefund(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

func insertRefund(ctx context.Context, q store.Querier, r payment.Refund) error {
	_, err := q.ExecContext(ctx, `INSERT INTO refunds (`+refundCols+`)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
		r.ID, r.PaymentID, r.OrderID, r.UserID, r.Provider, store.NullString(r.ProviderRef), r.Attempt, r.AmountCents,
		r.VATCents, r.Currency, r.Reason, r.Note, string(r.State), store.NullString(r.Failure), r.CreatedAt.UTC(), r.UpdatedAt.UTC(),
		store.NullTime(r.RefundedAt), store.NullTime(r.InvoicedAt))
	return err
}

func saveRefund(ctx context.Context, q store.Querier, r payment.Refund) error {
	_, err := q.ExecContext(ctx, `UPDATE refunds SET provider_ref = $2, attempt = $3, state = $4, failure = $5,
			updated_at = $6, refunded_at = $7, invoiced_at = $8
		WHERE id = $1`, r.ID, store.NullString(r.ProviderRef), r.Attempt, string(r.State), store.NullString(r.Failure),
		r.UpdatedAt.UTC(), store.NullTime(r.RefundedAt), store.NullTime(r.InvoicedAt))
	return err
}
