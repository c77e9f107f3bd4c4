package store_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// Bookings written in one group stay independent: a failing one is rolled back
// alone and gets its own error, the others are stored.
func TestGroupCommitKeepsEachBookingAllOrNothing(t *testing.T) {
	t.Parallel()
	db := storetest.SQLite(t)
	ctx := context.Background()
	var (
		g       store.Group
		wg      sync.WaitGroup
		errs    = make([]error, 40)
		refused = errors.New("refused")
	)
	for i := range errs {
		wg.Go(func() {
			errs[i] = g.Run(ctx, db, func(ctx context.Context, tx *store.Tx) error {
				_, err := tx.ExecContext(ctx, `INSERT INTO stations (id, name, address, city, latitude, longitude)
					VALUES ($1, $2, 'A', 'Tallinn', 59.4, 24.7)`, fmt.Sprintf("00000000-0000-4000-8000-%012d", i), "group")
				if err == nil && i%3 == 0 {
					err = refused // after writing: the savepoint must undo the row
				}
				return err
			})
		})
	}
	wg.Wait()
	want := 0
	for i, err := range errs {
		switch {
		case i%3 == 0 && !errors.Is(err, refused):
			t.Errorf("booking %d: %v, want its own error", i, err)
		case i%3 != 0 && err != nil:
			t.Errorf("booking %d: %v", i, err)
		case i%3 != 0:
			want++
		}
	}
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM stations WHERE name = 'group'`).Scan(&n); err != nil || n != want {
		t.Fatalf("%d rows stored, want %d (%v)", n, want, err)
	}
}
