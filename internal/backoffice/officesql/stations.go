package officesql

import (
	"context"
	"database/sql"
	"errors"
	"strings"

	"lockers/internal/apperr"
	"lockers/internal/backoffice"
	"lockers/internal/station"
	"lockers/internal/store"
)

const stationColumns = `s.id, s.name, s.address, s.city, s.latitude, s.longitude, s.time_zone, s.opening_hours,
	s.active, (SELECT count(*) FROM lockers l WHERE l.station_id = s.id), s.created_at`

func scanStation(r interface{ Scan(...any) error }) (backoffice.StationRow, error) {
	var s backoffice.StationRow
	err := r.Scan(&s.ID, &s.Name, &s.Address, &s.City, &s.Latitude, &s.Longitude, &s.TimeZone, &s.OpeningHours,
		&s.Active, &s.Compartments, &s.CreatedAt)
	s.CreatedAt = s.CreatedAt.UTC()
	return s, err
}

// Stations lists stations newest first, searched by name or city, paged by key.
func (s *Store) Stations(ctx context.Context, query, cur string, lim int) (backoffice.StationPage, error) {
	c, ok, err := decodeCursor(cur)
	if err != nil {
		return backoffice.StationPage{}, err
	}
	var w where
	if q := strings.TrimSpace(query); q != "" {
		p := searchPattern(q)
		w.add(`(lower(s.name) LIKE ? ESCAPE '\' OR lower(s.city) LIKE ? ESCAPE '\')`, p, p)
	}
	w.after(c, ok, "s.created_at", "s.id")
	n := limit(lim)
	rows, err := collect(ctx, s.db, func(r *sql.Rows) (backoffice.StationRow, error) { return scanStation(r) },
		`SELECT `+stationColumns+` FROM stations s`+w.sql()+` ORDER BY s.created_at DESC, s.id DESC LIMIT `+w.arg(n+1),
		w.args...)
	if err != nil {
		return backoffice.StationPage{}, internal("stations", err)
	}
	out := backoffice.StationPage{Stations: rows}
	if len(rows) > n {
		out.Stations = rows[:n]
		out.Next = cursor{At: rows[n-1].CreatedAt, ID: rows[n-1].ID}.encode()
	}
	return out, nil
}

func stationNotFound() error { return apperr.New(apperr.StationNotFound, "Station not found") }

func (s *Store) stationRow(ctx context.Context, q store.Querier, id string) (backoffice.StationRow, error) {
	if !validID(id) {
		return backoffice.StationRow{}, stationNotFound()
	}
	st, err := scanStation(q.QueryRowContext(ctx, `SELECT `+stationColumns+` FROM stations s WHERE s.id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return backoffice.StationRow{}, stationNotFound()
	}
	return st, err
}

// Compartments lists a station's compartments by label.
func (s *Store) Compartments(ctx context.Context, stationID string) (backoffice.StationRow, []backoffice.CompartmentRow, error) {
	st, err := s.stationRow(ctx, s.db, stationID)
	if err != nil {
		return backoffice.StationRow{}, nil, internal("compartments", err)
	}
	cs, err := collect(ctx, s.db, func(r *sql.Rows) (backoffice.CompartmentRow, error) {
		var (
			c     backoffice.CompartmentRow
			state string
		)
		err := r.Scan(&c.ID, &c.Label, &c.Height, &c.Type, &c.Temperature, &c.HeightMM, &c.WidthMM, &c.DepthMM, &state)
		c.OutOfService = state == "out_of_service"
		return c, err
	}, `SELECT id, label, height, type, temperature, height_mm, width_mm, depth_mm, state FROM lockers
		WHERE station_id = $1 ORDER BY label, id`, stationID)
	return st, cs, internal("compartments", err)
}

// compartmentsIn reads one compartment's fields in a transaction.
func (s *Store) compartmentsIn(ctx context.Context, q store.Querier, stationID, id string) (bool, station.CompartmentFields, error) {
	var (
		f     station.CompartmentFields
		state string
	)
	err := q.QueryRowContext(ctx, `SELECT label, height, type, temperature, height_mm, width_mm, depth_mm, state
		FROM lockers WHERE id = $1 AND station_id = $2`, id, stationID).Scan(&f.Label, &f.Height, &f.Type,
		&f.Temperature, &f.HeightMM, &f.WidthMM, &f.DepthMM, &state)
	if errors.Is(err, sql.ErrNoRows) {
		return false, f, apperr.New(apperr.LockerNotFound, "Locker not found")
	}
	f.OutOfService = state == "out_of_service"
	return err == nil, f, err
}
