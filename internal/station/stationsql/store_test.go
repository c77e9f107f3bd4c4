package stationsql_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/apperr"
	"lockers/internal/demo"
	"lockers/internal/station"
	"lockers/internal/station/stationsql"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

var now = time.Date(2026, 6, 5, 9, 0, 0, 0, time.UTC)

func setup(t *testing.T, db *store.DB) *station.Service {
	t.Helper()
	if err := demo.Seed(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	return station.NewService(stationsql.New(db), func() time.Time { return now })
}

func TestListAndGetActiveStationsWithProducts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := setup(t, db)
		tartu := demo.Stations[2].ID
		if _, err := db.ExecContext(ctx, `UPDATE stations SET active = false WHERE id = $1`, tartu); err != nil {
			t.Fatal(err)
		}
		ls, err := svc.List(ctx)
		if err != nil || len(ls) != 2 {
			t.Fatalf("list %d stations, %v; want the 2 active ones", len(ls), err)
		}
		if ls[0].City != "Tallinn" || ls[0].TimeZone != "Europe/Tallinn" || ls[0].OpeningHours != "24/7" || !ls[0].Online {
			t.Fatalf("station %+v", ls[0].Station)
		}
		if len(ls[0].Offers) != 6 {
			t.Fatalf("%d products, want 2 sizes × 3 temperatures", len(ls[0].Offers))
		}
		first := ls[0].Offers[0]
		if first.Product != (station.Product{Height: "small", Type: "standard", Temperature: "cool"}) ||
			first.Total != 3 || first.HeightMM != 360 || first.WidthMM != 440 || first.DepthMM != 600 || first.Rate.DailyCents != 700 {
			t.Fatalf("first product %+v", first)
		}
		l, err := svc.Get(ctx, demo.Stations[0].ID)
		if err != nil || l.Name != "Viru Keskus" || len(l.Offers) != 6 {
			t.Fatalf("get %+v, %v", l.Station, err)
		}
		_, err = svc.Get(ctx, tartu)
		if apperr.CodeOf(err) != apperr.StationNotAvailable {
			t.Fatalf("inactive station: %v", err)
		}
		_, err = svc.Get(ctx, uuid.NewString())
		if apperr.CodeOf(err) != apperr.StationNotFound {
			t.Fatalf("unknown station: %v", err)
		}
		_, err = svc.Get(ctx, "tartu")
		if apperr.CodeOf(err) != apperr.StationNotFound {
			t.Fatalf("malformed id: %v", err)
		}
	})
}

func TestAvailabilityCountsLockersFreeForTheWholeTimeframe(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc := setup(t, db)
		viru := demo.Stations[0].ID
		user := uuid.NewString()
		if _, err := db.ExecContext(ctx, `INSERT INTO users (id, email, created_at, updated_at) VALUES ($1, $2, $3, $3)`,
			user, "a@example.com", now); err != nil {
			t.Fatal(err)
		}
		// Book small cool A01 10:00-12:00 UTC and A02 in a released (cancelled) order;
		// A03 is out of service, so 2 of the 3 count.
		book := func(orderID, lockerID string, live bool, from, to time.Time) {
			if _, err := db.ExecContext(ctx, `INSERT INTO orders (id, user_id, station_id, status, height, type, temperature,
					starts_at, ends_at, reserved_until, created_at, updated_at)
				VALUES ($1, $2, $3, 'booked', 'small', 'standard', 'cool', $4, $5, $4, $4, $4)`, orderID, user, viru, from, to); err != nil {
				t.Fatal(err)
			}
			if _, err := db.ExecContext(ctx, `INSERT INTO order_lockers (id, order_id, locker_id, delivery_code, picking_code,
					starts_at, ends_at, live) VALUES ($1, $2, $3, '123456', '654321', $4, $5, $6)`,
				uuid.NewString(), orderID, lockerID, from, to, live); err != nil {
				t.Fatal(err)
			}
		}
		day := time.Date(2026, 6, 6, 0, 0, 0, 0, time.UTC)
		book(uuid.NewString(), demo.LockerID(1, 1), true, day.Add(10*time.Hour), day.Add(12*time.Hour))
		book(uuid.NewString(), demo.LockerID(1, 2), false, day.Add(10*time.Hour), day.Add(12*time.Hour))
		if _, err := db.ExecContext(ctx, `UPDATE lockers SET state = 'out_of_service' WHERE id = $1`, demo.LockerID(1, 3)); err != nil {
			t.Fatal(err)
		}
		st, err := svc.Station(ctx, viru)
		if err != nil {
			t.Fatal(err)
		}
		tests := []struct {
			from, to time.Duration
			free     int
		}{
			{8 * time.Hour, 10 * time.Hour, 2},  // ends as the booking starts
			{12 * time.Hour, 14 * time.Hour, 2}, // starts as it ends
			{9 * time.Hour, 11 * time.Hour, 1},  // only the released A02
			{11 * time.Hour, 11*time.Hour + time.Minute, 1},
			{0, 24 * time.Hour, 1},
		}
		for _, tt := range tests {
			av, err := svc.Availability(ctx, st, day.Add(tt.from), day.Add(tt.to))
			if err != nil {
				t.Fatal(err)
			}
			a := av[0]
			if a.Product.Temperature != "cool" || a.Height != "small" || a.Total != 2 {
				t.Fatalf("%v-%v: %+v", tt.from, tt.to, a)
			}
			if a.Free != tt.free {
				t.Fatalf("%v-%v: %d free, want %d", tt.from, tt.to, a.Free, tt.free)
			}
			if want := station.PriceFor(a.Product, tt.to-tt.from); a.Price != want {
				t.Fatalf("price %+v, want %+v", a.Price, want)
			}
			if av[1].Free != 3 { // small neutral: untouched
				t.Fatalf("small neutral free %d", av[1].Free)
			}
		}
	})
}

func TestStationExistsActiveOrNot(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		setup(t, db)
		s := stationsql.New(db)
		if _, err := db.ExecContext(ctx, `UPDATE stations SET active = false WHERE id = $1`, demo.Stations[2].ID); err != nil {
			t.Fatal(err)
		}
		for _, tt := range []struct {
			id   string
			want bool
		}{
			{demo.Stations[0].ID, true},
			{demo.Stations[2].ID, true}, // inactive still exists
			{uuid.NewString(), false},
			{"not-a-uuid", false},
			{"", false},
		} {
			got, err := s.StationExists(ctx, tt.id)
			if err != nil || got != tt.want {
				t.Errorf("StationExists(%q) = %v, %v; want %v", tt.id, got, err, tt.want)
			}
		}
	})
}
