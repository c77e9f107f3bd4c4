package demo_test

import (
	"context"
	"testing"

	"lockers/internal/demo"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

func TestSeedIsCompleteAndIdempotent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		for range 2 { // the second run must change nothing
			if err := demo.Seed(ctx, db); err != nil {
				t.Fatal(err)
			}
		}
		var stations, cities int
		if err := db.QueryRowContext(ctx, `SELECT count(*), count(DISTINCT city) FROM stations`).Scan(&stations, &cities); err != nil {
			t.Fatal(err)
		}
		if stations != 3 || cities != 2 {
			t.Fatalf("stations=%d cities=%d, want 3 stations in 2 cities", stations, cities)
		}
		// Every station holds every size x temperature, with real dimensions.
		rows, err := db.QueryContext(ctx, `SELECT station_id, height, temperature, count(*), min(height_mm * width_mm * depth_mm)
			FROM lockers GROUP BY station_id, height, temperature`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		combos := 0
		for rows.Next() {
			var station, height, temp string
			var n, volume int
			if err := rows.Scan(&station, &height, &temp, &n, &volume); err != nil {
				t.Fatal(err)
			}
			if n < 1 || volume <= 0 {
				t.Errorf("%s %s %s: %d lockers, volume %d", station, height, temp, n, volume)
			}
			combos++
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		if want := 3 * len(demo.Sizes) * len(demo.Temperatures); combos != want {
			t.Fatalf("%d station/size/temperature combinations, want %d", combos, want)
		}
	})
}
