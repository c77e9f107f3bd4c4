package officesql

import (
	"context"
	"database/sql"

	"lockers/internal/store"
)

// collect runs a query and scans every row with scan; never nil, so an empty
// list goes out as [] rather than null.
func collect[T any](ctx context.Context, q store.Querier, scan func(*sql.Rows) (T, error), query string, args ...any) ([]T, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}
