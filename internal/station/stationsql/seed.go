package stationsql

import (
	"context"
	"fmt"

	"lockers/internal/store"
)

// SeedStation is a station a seeder writes (demo data, benchmark data).
type SeedStation struct {
	ID, Name, Address, City string
	Latitude, Longitude     float64
	Online                  bool // the controller's link (offline until it reports)
}

// SeedLocker is a compartment a seeder writes; its door is closed when
// DoorClosed, unknown otherwise (until the sensor reports).
type SeedLocker struct {
	ID, StationID, Label       string
	Height, Type, Temperature  string
	HeightMM, WidthMM, DepthMM int
	DoorClosed                 bool
}

// Seed inserts, in tx, the stations and compartments whose ids are not there
// yet; rows that exist are kept as they are (an operator's edits survive).
func Seed(ctx context.Context, tx *store.Tx, stations []SeedStation, lockers []SeedLocker) error {
	for _, s := range stations {
		link := "offline"
		if s.Online {
			link = "online"
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO stations (id, name, address, city, latitude, longitude, link_state)
			VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
			s.ID, s.Name, s.Address, s.City, s.Latitude, s.Longitude, link); err != nil {
			return fmt.Errorf("station %s: %w", s.Name, err)
		}
	}
	for _, l := range lockers {
		door := "unknown"
		if l.DoorClosed {
			door = "closed"
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO lockers
			(id, station_id, label, height, type, temperature, height_mm, width_mm, depth_mm, door_state)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (id) DO NOTHING`,
			l.ID, l.StationID, l.Label, l.Height, l.Type, l.Temperature, l.HeightMM, l.WidthMM, l.DepthMM, door); err != nil {
			return fmt.Errorf("locker %s: %w", l.Label, err)
		}
	}
	return nil
}
