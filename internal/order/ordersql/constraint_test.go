package ordersql

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/demo"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// The database itself refuses a second live booking of a locker for
// overlapping time, whatever code writes it: the exclusion constraint on
// PostgreSQL, the triggers on SQLite.
func TestDatabaseRefusesOverlappingLiveBookings(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if err := demo.Seed(ctx, db); err != nil {
			t.Fatal(err)
		}
		now := time.Date(2026, 6, 5, 9, 0, 0, 0, time.UTC)
		user := uuid.NewString()
		if _, err := db.ExecContext(ctx, `INSERT INTO users (id, email, created_at, updated_at) VALUES ($1, 'x@example.com', $2, $2)`, user, now); err != nil {
			t.Fatal(err)
		}
		orderID := uuid.NewString()
		if _, err := db.ExecContext(ctx, `INSERT INTO orders (id, user_id, station_id, status, height, type, temperature,
				starts_at, ends_at, reserved_until, created_at, updated_at)
			VALUES ($1, $2, $3, 'booked', 'small', 'standard', 'cool', $4, $5, $4, $4, $4)`,
			orderID, user, demo.Stations[0].ID, now, now.Add(48*time.Hour)); err != nil {
			t.Fatal(err)
		}
		locker := demo.LockerID(1, 1)
		insert := func(from, to time.Time, live bool) (string, error) {
			id := uuid.NewString()
			_, err := db.ExecContext(ctx, `INSERT INTO order_lockers (id, order_id, locker_id, delivery_code, picking_code,
				starts_at, ends_at, live) VALUES ($1, $2, $3, '111111', '222222', $4, $5, $6)`, id, orderID, locker, from, to, live)
			return id, err
		}
		first, err := insert(now.Add(time.Hour), now.Add(3*time.Hour), true)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := insert(now.Add(2*time.Hour), now.Add(4*time.Hour), true); !overlap(err) {
			t.Fatalf("overlapping insert: %v, want the overlap refusal", err)
		}
		if _, err := insert(now.Add(time.Hour+time.Second), now.Add(time.Hour+2*time.Second), true); !overlap(err) {
			t.Fatalf("contained insert: %v, want the overlap refusal", err)
		}
		// Touching timeframes are fine ([start, end)), and so is a released row.
		if _, err := insert(now.Add(3*time.Hour), now.Add(5*time.Hour), true); err != nil {
			t.Fatalf("adjacent insert: %v", err)
		}
		if _, err := insert(now.Add(2*time.Hour), now.Add(4*time.Hour), false); err != nil {
			t.Fatalf("released insert: %v", err)
		}
		// Moving an end into the next booking is refused too (extension).
		_, err = db.ExecContext(ctx, `UPDATE order_lockers SET ends_at = $2 WHERE id = $1`, first, now.Add(3*time.Hour+time.Minute))
		if !overlap(err) {
			t.Fatalf("overlapping update: %v, want the overlap refusal", err)
		}
		// Re-activating a released row that overlaps is refused.
		_, err = db.ExecContext(ctx, `UPDATE order_lockers SET live = true WHERE NOT live`)
		if !overlap(err) {
			t.Fatalf("re-activation: %v, want the overlap refusal", err)
		}
	})
}
