package storetest

import (
	"context"
	"testing"

	"lockers/internal/store"
)

// Strings runs query (one text column) and returns its rows in order, failing the test on an error:
// what a test reads back to check which rows a change left.
func Strings(t testing.TB, db *store.DB, query string, args ...any) []string {
	t.Helper()
	rows, err := db.QueryContext(context.Background(), query, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
