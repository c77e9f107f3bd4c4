package paymentsql

import (
	"context"
	"database/sql"
	"errors"

	"lockers/internal/payment"
	"lockers/internal/store"
)

const methodCols = `id, user_id, provider, provider_ref, customer_ref, setup_ref, setup_url, brand, last4, exp_month,
	exp_year, state, is_default, failure, created_at, updated_at`

func scanMethod(row interface{ Scan(...any) error }) (payment.Method, error) {
	var (
		m                                       payment.Method
		ref, customer, setup, url, brand, last4 sql.NullString
		failure                                 sql.NullString
		month, year                             sql.NullInt64
		state                                   string
	)
	err := row.Scan(&m.ID, &m.UserID, &m.Provider, &ref, &customer, &setup, &url, &brand, &last4, &month, &year,
		&state, &m.Default, &failure, &m.CreatedAt, &m.UpdatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return m, payment.ErrNotFound
	}
	m.ProviderRef, m.CustomerRef, m.SetupRef, m.SetupURL = ref.String, customer.String, setup.String, url.String
	m.Brand, m.Last4, m.Failure = brand.String, last4.String, failure.String
	m.ExpMonth, m.ExpYear = int(month.Int64), int(year.Int64)
	m.State = payment.MethodState(state)
	m.CreatedAt, m.UpdatedAt = m.CreatedAt.UTC(), m.UpdatedAt.UTC()
	return m, err
}

func oneMethod(ctx context.Context, q store.Querier, query string, args ...any) (payment.Method, error) {
	return scanMethod(q.QueryRowContext(ctx, query, args...))
}

func queryMethods(ctx context.Context, q store.Querier, query string, args ...any) ([]payment.Method, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []payment.Method{}
	for rows.Next() {
		m, err := scanMethod(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

func insertMethod(ctx context.Context, q store.Querier, m payment.Method) error {
	_, err := q.ExecContext(ctx, `INSERT INTO payment_methods (`+methodCols+`)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`, methodArgs(m)...)
	return err
}

func saveMethod(ctx context.Context, q store.Querier, m payment.Method) error {
	_, err := q.ExecContext(ctx, `UPDATE payment_methods SET provider_ref = $2, customer_ref = $3, setup_ref = $4,
			setup_url = $5, brand = $6, last4 = $7, exp_month = $8, exp_year = $9, state = $10, is_default = $11,
			failure = $12, updated_at = $13
		WHERE id = $1`, m.ID, store.NullString(m.ProviderRef), store.NullString(m.CustomerRef), store.NullString(m.SetupRef),
		store.NullString(m.SetupURL), store.NullString(m.Brand), store.NullString(m.Last4), store.NullInt(m.ExpMonth), store.NullInt(m.ExpYear),
		string(m.State), m.Default, store.NullString(m.Failure), m.UpdatedAt.UTC())
	return err
}

func methodArgs(m payment.Method) []any {
	return []any{m.ID, m.UserID, m.Provider, store.NullString(m.ProviderRef), store.NullString(m.CustomerRef),
		store.NullString(m.SetupRef), store.NullString(m.SetupURL), store.NullString(m.Brand), store.NullString(m.Last4), store.NullInt(m.ExpMonth),
		store.NullInt(m.ExpYear), string(m.State), m.Default, store.NullString(m.Failure), m.CreatedAt.UTC(), m.UpdatedAt.UTC()}
}
