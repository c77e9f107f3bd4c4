package ordersql

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/order"
	"lockers/internal/station"
	"lockers/internal/station/stationsql"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// The early pick starts at a random point of the product's lockers in ID order
// and wraps around: whichever lockers are taken, it finds the free one, and it
// never offers a taken or out-of-service locker.
func TestEarlyPickFindsTheLastFreeLockerFromAnyStart(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Now().UTC().Truncate(time.Second)
		// 24 lockers: each of the six products has four (as seed.Load makes them).
		stationID := uuid.NewString()
		var lockers []stationsql.SeedLocker
		for k := range 24 {
			height := []string{"small", "big"}[k%2]
			lockers = append(lockers, stationsql.SeedLocker{ID: uuid.NewString(), StationID: stationID,
				Label: fmt.Sprintf("L%04d", k), Height: height, Type: "standard",
				Temperature: []string{"cool", "neutral", "warm"}[k%3], HeightMM: 360, WidthMM: 440, DepthMM: 600})
		}
		if err := db.InTx(ctx, func(tx *store.Tx) error {
			return stationsql.Seed(ctx, tx, []stationsql.SeedStation{{ID: stationID, Name: "Early", Address: "Load 1",
				City: "Tallinn"}}, lockers)
		}); err != nil {
			t.Fatal(err)
		}
		userID := uuid.NewString()
		if _, err := db.ExecContext(ctx, `INSERT INTO users (id, email, created_at, updated_at) VALUES ($1, $2, $3, $3)`,
			userID, userID+"@example.com", now); err != nil {
			t.Fatal(err)
		}
		s := New(db)
		start := now.Add(72 * time.Hour).Truncate(time.Hour)
		newOrder := func(i int) order.Order {
			return order.Order{
				ID: uuid.NewString(), UserID: userID, Station: station.Station{ID: stationID}, Status: order.Reserved,
				Product: station.Product{Height: "small", Type: "standard", Temperature: "cool"},
				Start:   start, End: start.Add(time.Hour), ReservedUntil: now.Add(order.HoldFor), CreatedAt: now, UpdatedAt: now,
				Lockers: []order.Locker{{ID: uuid.NewString(), Status: "booked", DeliveryCode: fmt.Sprintf("%06d", 2*i+1),
					PickingCode: fmt.Sprintf("%06d", 2*i+2), Start: start, End: start.Add(time.Hour)}},
			}
		}
		for i := range 3 {
			if _, err := s.Book(ctx, order.Booking{Order: newOrder(i)}); err != nil {
				t.Fatal(err)
			}
		}
		var free string
		if err := db.QueryRowContext(ctx, `SELECT l.id FROM lockers l WHERE l.station_id = $1 AND l.height = 'small'
			AND l.temperature = 'cool' AND NOT EXISTS (SELECT 1 FROM order_lockers ol WHERE ol.locker_id = l.id AND ol.live)`,
			stationID).Scan(&free); err != nil {
			t.Fatal(err)
		}
		for range 50 { // 50 random starting points
			c, err := earlyCandidates(ctx, store.Prepared(db), newOrder(9))
			if err != nil || len(c) != 1 || c[0].id != free {
				t.Fatalf("early pick %+v (%v), want the free locker %s", c, err, free)
			}
		}
		if _, err := db.ExecContext(ctx, `UPDATE lockers SET state = 'out_of_service' WHERE id = $1`, free); err != nil {
			t.Fatal(err)
		}
		if c, err := earlyCandidates(ctx, store.Prepared(db), newOrder(9)); err != nil || len(c) != 0 {
			t.Fatalf("early pick %+v (%v), want none: the free locker is out of service", c, err)
		}
	})
}
