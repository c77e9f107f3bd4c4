package stationsql

import (
	"context"
	"time"

	"lockers/internal/station"
	"lockers/internal/store"
)

// AdminIn is station.AdminSteps inside tx, the caller's transaction (the back
// office's, which records the audit row in it too). The checks are the
// stations domain's (station.SaveStation, SaveCompartment).
func AdminIn(tx *store.Tx) station.AdminSteps { return adminSteps{tx} }

type adminSteps struct{ tx *store.Tx }

func (s adminSteps) SaveStation(ctx context.Context, id string, f station.StationFields, insert bool, now time.Time) (bool, error) {
	q := `UPDATE stations SET name = $2, address = $3, city = $4, latitude = $5, longitude = $6, time_zone = $7,
		opening_hours = $8, active = $9, updated_at = $10 WHERE id = $1`
	if insert {
		q = `INSERT INTO stations (id, name, address, city, latitude, longitude, time_zone, opening_hours, active,
			created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`
	}
	res, err := s.tx.ExecContext(ctx, q, id, f.Name, f.Address, f.City, f.Latitude, f.Longitude, f.TimeZone,
		f.OpeningHours, f.Active, now.UTC())
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// SaveCompartment answers station.ErrLabelTaken for a label the station has
// (the unique index decides it, so two operators cannot both take one).
func (s adminSteps) SaveCompartment(ctx context.Context, id, stationID string, f station.CompartmentFields, insert bool, now time.Time) (bool, error) {
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
	res, err := s.tx.ExecContext(ctx, q, id, stationID, f.Label, f.Height, f.Type, f.Temperature, f.HeightMM, f.WidthMM,
		f.DepthMM, state, now.UTC())
	if store.Violates(err, store.Unique) {
		return false, station.ErrLabelTaken
	}
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
