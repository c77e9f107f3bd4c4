package backoffice_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/backoffice"
	"lockers/internal/backoffice/officesql"
	"lockers/internal/identity"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// BenchmarkNetworkList measures network.list's read (the whole network with
// each station's link, alarms and free compartments) at 7 and at 1,000
// stations of 24 compartments, a third of them rented now, with a history of
// ended rentals and resolved alarms, on both engines. Beside it, in the same
// run, a trivial query and a plain read of the stations table: the floor the
// view is compared with (issue 46: ≤ 50 ms at 7, ≤ 200 ms at 1,000). Run with
//
//	go test -run '^$' -bench NetworkList -benchtime 50x ./internal/backoffice/
func BenchmarkNetworkList(b *testing.B) {
	for _, engine := range []string{"sqlite", "postgres"} {
		for _, stations := range []int{7, 1000} {
			b.Run(fmt.Sprintf("%s/%d-stations", engine, stations), func(b *testing.B) {
				var db *store.DB
				if engine == "sqlite" {
					db = storetest.SQLite(b)
				} else {
					db = storetest.Postgres(b)
				}
				now := time.Now().UTC()
				seedNetwork(b, db, stations, now)
				svc, err := backoffice.NewService(backoffice.Deps{Store: officesql.New(db, nil),
					Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
				if err != nil {
					b.Fatal(err)
				}
				ctx := identity.With(context.Background(), identity.Principal{UserID: uuid.NewString(), SessionID: "s",
					Roles: []string{identity.RoleAdmin}})
				n, err := svc.Network(ctx)
				if err != nil {
					b.Fatal(err)
				}
				if len(n.Stations) != stations || n.FreeLockers != stations*(24-8) || n.OpenAlarms != stations {
					b.Fatalf("%d stations, %d free, %d alarms; want %d, %d, %d", len(n.Stations), n.FreeLockers,
						n.OpenAlarms, stations, stations*16, stations)
				}
				cases := []benchCase{
					{"network", func() error { _, err := svc.Network(ctx); return err }},
					{"reference-select-1", func() error {
						var one int
						return db.QueryRowContext(ctx, `SELECT 1`).Scan(&one)
					}},
					{"reference-stations-table", func() error {
						rows, err := db.QueryContext(ctx, `SELECT id, name, city, latitude, longitude FROM stations ORDER BY name`)
						if err != nil {
							return err
						}
						defer rows.Close()
						for rows.Next() {
							var id, name, city string
							var lat, lon float64
							if err := rows.Scan(&id, &name, &city, &lat, &lon); err != nil {
								return err
							}
						}
						return rows.Err()
					}},
				}
				runTimed(b, cases)
			})
		}
	}
}

// seedNetwork inserts stations of 24 compartments: 8 rented now, 20 ended
// rentals per station, 10 resolved alarms and one open alarm per station.
func seedNetwork(b *testing.B, db *store.DB, stations int, now time.Time) {
	b.Helper()
	ctx := context.Background()
	user := uuid.NewString()
	code := 100000 // delivery and picking codes differ across live rentals
	if _, err := db.ExecContext(ctx, `INSERT INTO users (id, email, first_name, last_name, verified_at, created_at,
		updated_at) VALUES ($1, 'net@example.com', 'Net', 'Work', $2, $2, $2)`, user, now.Add(-time.Hour)); err != nil {
		b.Fatal(err)
	}
	// 50 stations a transaction: PostgreSQL's lock table does not hold 1,000 at once.
	for lo := 0; lo < stations; lo += 50 {
		if err := db.InTx(ctx, func(tx *store.Tx) error { return seedStations(ctx, tx, lo, min(lo+50, stations), user, now, &code) }); err != nil {
			b.Fatal(err)
		}
	}
}

// seedStations inserts stations lo to hi (exclusive) as seedNetwork describes.
func seedStations(ctx context.Context, tx *store.Tx, lo, hi int, user string, now time.Time, code *int) error {
	for s := lo; s < hi; s++ {
		sid := uuid.NewString()
		if _, err := tx.ExecContext(ctx, `INSERT INTO stations (id, name, address, city, latitude, longitude,
			link_state, last_seen_at) VALUES ($1, $2, 'Street 1', 'Tallinn', 59.4, 24.7, 'online', $3)`,
			sid, fmt.Sprintf("Station %04d", s), now.Add(-10*time.Second)); err != nil {
			return err
		}
		lockers := make([]string, 24)
		for l := range lockers {
			lockers[l] = uuid.NewString()
			if _, err := tx.ExecContext(ctx, `INSERT INTO lockers (id, station_id, label, height, temperature,
				height_mm, width_mm, depth_mm) VALUES ($1, $2, $3, 'small', 'neutral', 300, 400, 500)`,
				lockers[l], sid, fmt.Sprintf("A%02d", l+1)); err != nil {
				return err
			}
		}
		rental := func(locker string, from, to time.Time, live bool) error {
			oid := uuid.NewString()
			status := "active"
			if !live {
				status = "finalized"
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO orders (id, user_id, station_id, status, height, type,
				temperature, starts_at, ends_at, reserved_until, confirmed_at, created_at, updated_at)
				VALUES ($1, $2, $3, $4, 'small', 'standard', 'neutral', $5, $6, $5, $5, $5, $5)`,
				oid, user, sid, status, from, to); err != nil {
				return err
			}
			*code += 2
			_, err := tx.ExecContext(ctx, `INSERT INTO order_lockers (id, order_id, locker_id, delivery_code,
				picking_code, starts_at, ends_at, live) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
				uuid.NewString(), oid, locker, fmt.Sprint(*code), fmt.Sprint(*code+1), from, to, live)
			return err
		}
		for l := range 8 {
			if err := rental(lockers[l], now.Add(-time.Hour), now.Add(3*time.Hour), true); err != nil {
				return err
			}
		}
		for h := range 20 {
			from := now.Add(-time.Duration(48+h*6) * time.Hour)
			if err := rental(lockers[8+h%16], from, from.Add(5*time.Hour), false); err != nil {
				return err
			}
		}
		for h := range 10 {
			at := now.Add(-time.Duration(24+h) * time.Hour)
			if _, err := tx.ExecContext(ctx, `INSERT INTO locker_issues (id, locker_id, station_id, kind, created_at,
				resolved_at) VALUES ($1, $2, $3, 'door_left_open', $4, $5)`,
				uuid.NewString(), lockers[h], sid, at, at.Add(time.Minute)); err != nil {
				return err
			}
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO locker_issues (id, locker_id, station_id, kind, created_at)
			VALUES ($1, $2, $3, 'door_left_open', $4)`, uuid.NewString(), lockers[23], sid, now.Add(-time.Minute)); err != nil {
			return err
		}
	}
	return nil
}
