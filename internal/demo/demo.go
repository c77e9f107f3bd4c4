// Package demo inserts the demo stations and lockers that `make run` starts with:
// three stations in Tallinn and Tartu, each holding lockers of every size and
// temperature with real compartment dimensions. Seeding is idempotent: rows that
// exist (by id) are kept as they are, so an operator's edits survive a restart.
package demo

import (
	"context"
	"fmt"

	"lockers/internal/station/stationsql"
	"lockers/internal/store"
)

// Station is one demo station; ids are fixed so links and tests can name them.
type Station struct {
	ID, Name, Address, City string
	Latitude, Longitude     float64
}

// Stations are the demo stations.
var Stations = []Station{
	{"11111111-1111-4111-8111-000000000001", "Viru Keskus", "Viru väljak 4", "Tallinn", 59.43660, 24.75530},
	{"11111111-1111-4111-8111-000000000002", "Ülemiste", "Suur-Sõjamäe 4", "Tallinn", 59.42250, 24.79900},
	{"11111111-1111-4111-8111-000000000003", "Tartu Kaubamaja", "Riia 1", "Tartu", 58.37810, 26.72850},
}

// Size is a compartment class with its inner dimensions in millimetres.
type Size struct {
	Height                     string // spec name of the size class: small or big
	HeightMM, WidthMM, DepthMM int
	PerTemperature             int // how many compartments of each temperature a station gets
}

// Sizes are the compartment classes of the demo stations.
var Sizes = []Size{
	{Height: "small", HeightMM: 360, WidthMM: 440, DepthMM: 600, PerTemperature: 3},
	{Height: "big", HeightMM: 740, WidthMM: 440, DepthMM: 600, PerTemperature: 2},
}

// Temperatures of spec §3.
var Temperatures = []string{"cool", "neutral", "warm"}

// LockerID is the fixed id of a station's n-th demo locker (1-based).
func LockerID(station, n int) string {
	return fmt.Sprintf("22222222-2222-4222-8%03d-%012d", station, n)
}

// Seed inserts whatever demo rows are missing, in one transaction, through
// the stations store's seed step.
func Seed(ctx context.Context, db *store.DB) error {
	var stations []stationsql.SeedStation
	var lockers []stationsql.SeedLocker
	for si, s := range Stations {
		stations = append(stations, stationsql.SeedStation{ID: s.ID, Name: s.Name, Address: s.Address, City: s.City,
			Latitude: s.Latitude, Longitude: s.Longitude, Online: true})
		n := 0
		for _, size := range Sizes {
			for _, temp := range Temperatures {
				for range size.PerTemperature {
					n++
					lockers = append(lockers, stationsql.SeedLocker{ID: LockerID(si+1, n), StationID: s.ID,
						Label: fmt.Sprintf("%c%02d", 'A'+si, n), Height: size.Height, Type: "standard", Temperature: temp,
						HeightMM: size.HeightMM, WidthMM: size.WidthMM, DepthMM: size.DepthMM, DoorClosed: true})
				}
			}
		}
	}
	return db.InTx(ctx, func(tx *store.Tx) error {
		if err := stationsql.Seed(ctx, tx, stations, lockers); err != nil {
			return fmt.Errorf("demo %w", err)
		}
		return nil
	})
}
