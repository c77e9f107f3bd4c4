package officeseed_test

import (
	"context"
	"testing"
	"time"

	"lockers/internal/backoffice/officeseed"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// TestLoad seeds a small volume on both databases, twice (two runs' ids do not
// collide), in several batches, and checks the counts and that live order
// lockers of one compartment never overlap (the databases would refuse it).
func TestLoad(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		v := officeseed.Volume{Users: 50, Stations: 4, Compartments: 20, Orders: 600, Span: 60 * 24 * time.Hour,
			End: time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC), Batch: 200}
		calls := 0
		for range 2 {
			if err := officeseed.Load(ctx, db, v, func(done, total int) { calls++ }); err != nil {
				t.Fatal(err)
			}
		}
		var users, stations, lockers, orders, ols, pays, events int
		if err := db.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM users), (SELECT count(*) FROM stations),
			(SELECT count(*) FROM lockers), (SELECT count(*) FROM orders), (SELECT count(*) FROM order_lockers),
			(SELECT count(*) FROM payments), (SELECT count(*) FROM events)`).Scan(&users, &stations, &lockers, &orders,
			&ols, &pays, &events); err != nil {
			t.Fatal(err)
		}
		if users != 100 || stations != 8 || lockers != 40 || orders != 1200 || ols != 1140 || pays != 1140 ||
			events != 1200 || calls != 6 {
			t.Fatalf("%d users, %d stations, %d lockers, %d orders, %d order lockers, %d payments, %d events, %d reports",
				users, stations, lockers, orders, ols, pays, events, calls)
		}
		var mismatched int
		if err := db.QueryRowContext(ctx, `SELECT count(*) FROM order_lockers ol JOIN orders o ON o.id = ol.order_id
			JOIN lockers l ON l.id = ol.locker_id
			WHERE l.station_id <> o.station_id OR l.height <> o.height OR l.temperature <> o.temperature`).Scan(&mismatched); err != nil {
			t.Fatal(err)
		}
		if mismatched != 0 {
			t.Fatalf("%d order lockers in a compartment of another station or product", mismatched)
		}
	})
}
