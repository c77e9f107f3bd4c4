package storetest

import (
	"context"
	"testing"

	"lockers/internal/store"
)

// Column runs query (one column, scanned into T) and returns its rows in order, failing the test on an
// error: what a test reads back to check which rows a change left.
func Column[T any](t testing.TB, db *store.DB, query string, args ...any) []T {
	t.Helper()
	rows, err := db.QueryContext(context.Background(), query, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		var v T
		if err := rows.Scan(&v); err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
