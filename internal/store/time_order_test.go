package store_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"lockers/internal/store/storetest"
)

// TestSQLiteTimeTextIsTotallyOrdered: SQLite compares TIMESTAMP columns as
// text, so ORDER BY and range filters are right only while the text of a later
// instant sorts after the text of an earlier one. The driver writes
// "2006-01-02 15:04:05.999999999+00:00" in UTC (fraction without trailing zeros)
// and the schema's defaults write "%Y-%m-%d %H:%M:%f+00:00": both are fixed
// width up to the seconds and a decimal fraction ended by '+', which sorts
// below every digit and below '.', so text order is time order for every year
// of four digits. Year 10000 would sort before year 9999: the domain bounds
// keep every stored instant far from it (docs/decisions/075-time-bounds.md).
func TestSQLiteTimeTextIsTotallyOrdered(t *testing.T) {
	t.Parallel()
	db := storetest.SQLite(t)
	ctx := context.Background()
	if _, err := db.ExecContext(ctx, `CREATE TABLE times (n INTEGER PRIMARY KEY, at TIMESTAMP NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	base := time.Date(2026, 6, 5, 9, 0, 0, 0, time.UTC)
	var want []time.Time
	add := func(at time.Time) {
		want = append(want, at)
		if _, err := db.ExecContext(ctx, `INSERT INTO times (n, at) VALUES ($1, $2)`, len(want), at); err != nil {
			t.Fatal(err)
		}
	}
	// Fractions that differ in length and trailing zeros, whole seconds, the
	// ends of the four-digit years, and a mix made by SQLite's own clock.
	for _, ns := range []int{0, 1, 10, 100_000_000, 120_000_000, 123_456_789, 999_999_999, 500_000_000, 50_000_000} {
		add(base.Add(time.Duration(ns)))
	}
	add(time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC))
	add(time.Date(9999, 12, 31, 23, 59, 59, 999_999_999, time.UTC))
	r := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		add(base.Add(time.Duration(r.Int64N(int64(400*24*time.Hour))) - 200*24*time.Hour).Truncate(time.Duration(1 + r.IntN(1_000_000))))
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO times (n, at) VALUES (100000, strftime('%Y-%m-%d %H:%M:%f+00:00', 'now'))`); err != nil {
		t.Fatal(err)
	}
	rows, err := db.QueryContext(ctx, `SELECT at FROM times ORDER BY at, n`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var got []time.Time
	for rows.Next() {
		var at time.Time
		if err := rows.Scan(&at); err != nil {
			t.Fatal(err)
		}
		got = append(got, at)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want)+1 {
		t.Fatalf("%d rows, want %d", len(got), len(want)+1)
	}
	if !slices.IsSortedFunc(got, func(a, b time.Time) int { return a.Compare(b) }) {
		for i := 1; i < len(got); i++ {
			if got[i].Before(got[i-1]) {
				t.Fatalf("text order is not time order: %s sorts after %s", got[i-1], got[i])
			}
		}
	}
}
