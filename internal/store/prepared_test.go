package store_test

import (
	"context"
	"testing"

	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// Prepared statements must answer like plain ones, inside and outside a
// transaction, including the first time a text runs in a transaction (SQLite
// cannot prepare it then: the transaction holds the only writer connection).
func TestPreparedStatementsAnswerLikePlainOnes(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		insert := `INSERT INTO stations (id, name, address, city, latitude, longitude) VALUES ($1, $2, 'A', 'Tallinn', 59.4, 24.7)`
		count := `SELECT count(*) FROM stations WHERE name = $1`
		for i, id := range []string{stationID, "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb", "cccccccc-cccc-4ccc-8ccc-cccccccccccc"} {
			err := db.InTx(ctx, func(tx *store.Tx) error {
				q := tx.Prepared()
				if _, err := q.ExecContext(ctx, insert, id, "prepared"); err != nil {
					return err
				}
				var n int
				if err := q.QueryRowContext(ctx, count, "prepared").Scan(&n); err != nil || n != i+1 {
					t.Errorf("in transaction %d: %d stations, %v", i, n, err)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			var n int
			if err := db.Prepared().QueryRowContext(ctx, count, "prepared").Scan(&n); err != nil || n != i+1 {
				t.Fatalf("after transaction %d: %d stations, %v", i, n, err)
			}
		}
		// A rolled-back insert through a prepared statement leaves nothing behind.
		_ = db.InTx(ctx, func(tx *store.Tx) error {
			_, err := tx.Prepared().ExecContext(ctx, insert, "dddddddd-dddd-4ddd-8ddd-dddddddddddd", "prepared")
			if err != nil {
				t.Fatal(err)
			}
			return context.Canceled
		})
		var n int
		if err := store.Prepared(db).QueryRowContext(ctx, count, "prepared").Scan(&n); err != nil || n != 3 {
			t.Fatalf("after a rollback: %d stations, %v", n, err)
		}
	})
}
