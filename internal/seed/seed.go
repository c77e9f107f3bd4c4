// Package seed writes the benchmark data of the load tests: a station with many
// lockers and, optionally, a long history of finished orders. `lockerd
// seed-load`, the booking load test and the availability benchmark use it. It
// writes through the owners' stores (their seed steps and ports), so a store
// package's own tests build their fixtures without it.
package seed

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"lockers/internal/account"
	"lockers/internal/account/accountsql"
	"lockers/internal/order/ordersql"
	"lockers/internal/station/stationsql"
	"lockers/internal/store"
)

// Load creates the data of the availability benchmark (issue 4
// "Performance"): a new active station with lockers compartments (small and big,
// every temperature) and orders finalized one-hour orders spread over them
// before `before`, each with its order locker, as a long-running service would
// have. It returns the station's id. Rows go in with set-based SQL, in time
// order per locker, so a million orders take seconds, not hours.
func Load(ctx context.Context, db *store.DB, lockers, orders int, before time.Time) (string, error) {
	if lockers < 1 || orders < 0 {
		return "", fmt.Errorf("seed: need at least one locker")
	}
	stationID, userID := uuid.NewString(), uuid.NewString()
	before = before.UTC().Truncate(time.Hour)
	perLocker := (orders + lockers - 1) / lockers
	err := db.InTx(ctx, func(tx *store.Tx) error {
		st := []stationsql.SeedStation{{ID: stationID, Name: "Load test " + stationID[:8], Address: "Load 1",
			City: "Tallinn", Latitude: 59.437, Longitude: 24.7536}}
		var ls []stationsql.SeedLocker
		for k := range lockers {
			height, mm := "small", 360
			if k%2 == 1 {
				height, mm = "big", 740
			}
			temp := []string{"cool", "neutral", "warm"}[k%3]
			ls = append(ls, stationsql.SeedLocker{ID: uuid.NewString(), StationID: stationID, Label: fmt.Sprintf("L%04d", k),
				Height: height, Type: "standard", Temperature: temp, HeightMM: mm, WidthMM: 440, DepthMM: 600})
		}
		if err := stationsql.Seed(ctx, tx, st, ls); err != nil {
			return err
		}
		users, _ := accountsql.InTx(tx)
		if err := users.InsertUser(ctx, account.User{ID: userID, Email: "load-" + userID + "@example.invalid",
			VerifiedAt: before, CreatedAt: before}); err != nil {
			return err
		}
		tag := stationID[9:13] // four hex digits that keep two seeded stations' ids apart
		return ordersql.SeedHistory(ctx, tx, stationID, userID, perLocker, orders, tag, before)
	})
	if err != nil || db.Dialect() != store.SQLite {
		return stationID, err
	}
	// Copy the big write-ahead log into the database file now, as closing the
	// seed command would: until then every read searches the log's index.
	_, err = db.ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`)
	return stationID, err
}
