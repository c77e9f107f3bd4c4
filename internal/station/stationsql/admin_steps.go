package stationsql

import (
	"context"
	"time"

	"lockers/internal/station"
	"lockers/internal/store"
)

// SaveStation inserts (insert) or updates a station inside the caller's
// transaction and reports whether a row was written.
func SaveStation(ctx context.Context, tx *store.Tx, id string, f station.StationFields, insert bool, now time.Time) (bool, error) {
	q := `UPDATE stations SET name = $2, address = $3, city = $4, latitude = $5, longitude = $6, time_zone = $7,
		opening_hours = $8, active = $9, updated_at = $10 WHERE id = $1`
	if insert {
		q = `INSERT INTO stations (id, name, address, city, latitude, longitude, time_zone, opening_hours, active,
			created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`
	}
	res, err := tx.ExecContext(ctx, q, id, f.Name, f.Address, f.City, f.Latitude, f.Longitude, f.TimeZone,
		f.OpeningHours, f.Active, now.UTC())
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// SaveCompartment inserts (insert) or updates a compartment of a station
// inside the caller's transaction. A label taken at the station is a unique
// violation (store.Unique).
func SaveCompartment(ctx context.Context, tx *store.Tx, id, stationID string, f station.CompartmentFields, insert bool, now time.Time) (bool, error) {
	state := "available"
	if f.OutOfService {
		state = "out_of_service"
	}
	q := `UPDATE lockers SET label = $3, height = $4, type = $5, temperature = $6, height_mm = $7, width_mm = $8,
		depth_mm = $9, state = $10, updated_at = $11 WHERE id = $1 AND station_id = $2`
	if insert {
		q = `INSERT INTO lockers (id, station_id, label, height, type, temperature, height_mm, width_mm, depth_mm,
			state, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)`
	}
	res, err := tx.ExecContext(ctx, q, id, stationID, f.Label, f.Height, f.Type, f.Temperature, f.HeightMM, f.WidthMM,
		f.DepthMM, state, now.UTC())
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
