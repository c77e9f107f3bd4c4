package backoffice

import (
	"context"
	"database/sql"
	"errors"
	"math"
	"strings"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/station/stationsql"
	"lockers/internal/store"
)

// StationRow is a station as the back office edits it.
type StationRow struct {
	ID string
	stationsql.StationFields
	Compartments int
	CreatedAt    time.Time
}

// CompartmentRow is one compartment (locker) of a station.
type CompartmentRow struct {
	ID string
	stationsql.CompartmentFields
}

// StationPage is one page of stations, newest first.
type StationPage struct {
	Stations []StationRow
	Next     string
}

const stationColumns = `s.id, s.name, s.address, s.city, s.latitude, s.longitude, s.time_zone, s.opening_hours,
	s.active, (SELECT count(*) FROM lockers l WHERE l.station_id = s.id), s.created_at`

func scanStation(r interface{ Scan(...any) error }) (StationRow, error) {
	var s StationRow
	err := r.Scan(&s.ID, &s.Name, &s.Address, &s.City, &s.Latitude, &s.Longitude, &s.TimeZone, &s.OpeningHours,
		&s.Active, &s.Compartments, &s.CreatedAt)
	s.CreatedAt = s.CreatedAt.UTC()
	return s, err
}

// Stations lists stations newest first, searched by name or city, paged by key.
func (s *Service) Stations(ctx context.Context, query, cur string, lim int) (StationPage, error) {
	c, ok, err := decodeCursor(cur)
	if err != nil {
		return StationPage{}, err
	}
	var w where
	if q := strings.TrimSpace(query); q != "" {
		p := searchPattern(q)
		w.add(`(lower(s.name) LIKE ? ESCAPE '\' OR lower(s.city) LIKE ? ESCAPE '\')`, p, p)
	}
	w.after(c, ok, "s.created_at", "s.id")
	n := limit(lim)
	rows, err := collect(ctx, s.db, func(r *sql.Rows) (StationRow, error) { return scanStation(r) },
		`SELECT `+stationColumns+` FROM stations s`+w.sql()+` ORDER BY s.created_at DESC, s.id DESC LIMIT `+w.arg(n+1),
		w.args...)
	if err != nil {
		return StationPage{}, internal("stations", err)
	}
	out := StationPage{Stations: rows}
	if len(rows) > n {
		out.Stations = rows[:n]
		out.Next = cursor{At: rows[n-1].CreatedAt, ID: rows[n-1].ID}.encode()
	}
	return out, nil
}

func stationNotFound() error { return apperr.New(apperr.StationNotFound, "Station not found") }

func (s *Service) stationRow(ctx context.Context, q store.Querier, id string) (StationRow, error) {
	if !validID(id) {
		return StationRow{}, stationNotFound()
	}
	st, err := scanStation(q.QueryRowContext(ctx, `SELECT `+stationColumns+` FROM stations s WHERE s.id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return StationRow{}, stationNotFound()
	}
	return st, err
}

// Compartments lists a station's compartments by label.
func (s *Service) Compartments(ctx context.Context, stationID string) (StationRow, []CompartmentRow, error) {
	st, err := s.stationRow(ctx, s.db, stationID)
	if err != nil {
		return StationRow{}, nil, internal("compartments", err)
	}
	cs, err := collect(ctx, s.db, func(r *sql.Rows) (CompartmentRow, error) {
		var (
			c     CompartmentRow
			state string
		)
		err := r.Scan(&c.ID, &c.Label, &c.Height, &c.Type, &c.Temperature, &c.HeightMM, &c.WidthMM, &c.DepthMM, &state)
		c.OutOfService = state == "out_of_service"
		return c, err
	}, `SELECT id, label, height, type, temperature, height_mm, width_mm, depth_mm, state FROM lockers
		WHERE station_id = $1 ORDER BY label, id`, stationID)
	return st, cs, internal("compartments", err)
}

func checkStation(f *stationsql.StationFields) error {
	f.Name, f.Address, f.City = strings.TrimSpace(f.Name), strings.TrimSpace(f.Address), strings.TrimSpace(f.City)
	f.OpeningHours = strings.TrimSpace(f.OpeningHours)
	if f.OpeningHours == "" {
		f.OpeningHours = "24/7"
	}
	if f.TimeZone == "" {
		f.TimeZone = "Europe/Tallinn"
	}
	switch {
	case f.Name == "" || f.Address == "" || f.City == "" || len(f.Name) > 200 || len(f.Address) > 300 || len(f.City) > 100:
		return apperr.Field(apperr.BadInput, "name", "name, address and city are required")
	case math.IsNaN(f.Latitude) || f.Latitude < -90 || f.Latitude > 90 || math.IsNaN(f.Longitude) || f.Longitude < -180 || f.Longitude > 180:
		return apperr.Field(apperr.BadInput, "latitude", "coordinates are out of range")
	case len(f.OpeningHours) > 300:
		return apperr.Field(apperr.BadInput, "openingHours", "opening hours are too long")
	}
	if _, err := time.LoadLocation(f.TimeZone); err != nil || f.TimeZone == "Local" {
		return apperr.Field(apperr.BadInput, "timeZone", "not an IANA time zone")
	}
	return nil
}

// SaveStation creates (id "") or edits a station.
func (s *Service) SaveStation(ctx context.Context, id string, f stationsql.StationFields) (StationRow, error) {
	if err := checkStation(&f); err != nil {
		return StationRow{}, err
	}
	insert := id == ""
	action := "admin.stations.update"
	if insert {
		id, action = newID(), "admin.stations.create"
	}
	var after StationRow
	err := s.write(ctx, action, "station", id, "", func(tx *store.Tx, now time.Time) (change, error) {
		var before any
		if !insert {
			b, err := s.stationRow(ctx, tx, id)
			if err != nil {
				return change{}, err
			}
			before = b.StationFields
		}
		if _, err := stationsql.SaveStation(ctx, tx, id, f, insert, now); err != nil {
			return change{}, err
		}
		var err error
		if after, err = s.stationRow(ctx, tx, id); err != nil {
			return change{}, err
		}
		return change{Before: before, After: after.StationFields}, nil
	})
	return after, err
}

var (
	heights      = map[string]bool{"small": true, "big": true}
	temperatures = map[string]bool{"cool": true, "neutral": true, "warm": true}
)

// SaveCompartment creates (id "") or edits a compartment of a station. A label
// taken at the station is BAD_INPUT on field label.
func (s *Service) SaveCompartment(ctx context.Context, stationID, id string, f stationsql.CompartmentFields) (CompartmentRow, error) {
	f.Label, f.Type = strings.TrimSpace(f.Label), strings.TrimSpace(f.Type)
	if f.Type == "" {
		f.Type = "standard"
	}
	switch {
	case f.Label == "" || len(f.Label) > 40:
		return CompartmentRow{}, apperr.Field(apperr.BadInput, "label", "label is required")
	case !heights[f.Height]:
		return CompartmentRow{}, apperr.Field(apperr.BadInput, "height", "size is small or big")
	case !temperatures[f.Temperature]:
		return CompartmentRow{}, apperr.Field(apperr.BadInput, "temperature", "temperature is cool, neutral or warm")
	case len(f.Type) > 40:
		return CompartmentRow{}, apperr.Field(apperr.BadInput, "type", "type is too long")
	case f.HeightMM <= 0 || f.WidthMM <= 0 || f.DepthMM <= 0 || f.HeightMM > 5000 || f.WidthMM > 5000 || f.DepthMM > 5000:
		return CompartmentRow{}, apperr.Field(apperr.BadInput, "heightMm", "dimensions are 1-5000 mm")
	}
	insert := id == ""
	action := "admin.stations.updateCompartment"
	if insert {
		id, action = newID(), "admin.stations.addCompartment"
	} else if !validID(id) {
		return CompartmentRow{}, apperr.New(apperr.LockerNotFound, "Locker not found")
	}
	err := s.write(ctx, action, "locker", id, "", func(tx *store.Tx, now time.Time) (change, error) {
		if _, err := s.stationRow(ctx, tx, stationID); err != nil {
			return change{}, err
		}
		var before any
		if !insert {
			_, cs, err := s.compartmentsIn(ctx, tx, stationID, id)
			if err != nil {
				return change{}, err
			}
			before = cs
		}
		ok, err := stationsql.SaveCompartment(ctx, tx, id, stationID, f, insert, now)
		if store.Violates(err, store.Unique) {
			return change{}, apperr.Field(apperr.BadInput, "label", "this label is taken at the station")
		}
		if err != nil {
			return change{}, err
		}
		if !ok {
			return change{}, apperr.New(apperr.LockerNotFound, "Locker not found")
		}
		return change{Before: before, After: f}, nil
	})
	return CompartmentRow{ID: id, CompartmentFields: f}, err
}

// compartmentsIn reads one compartment's fields in a transaction.
func (s *Service) compartmentsIn(ctx context.Context, q store.Querier, stationID, id string) (bool, stationsql.CompartmentFields, error) {
	var (
		f     stationsql.CompartmentFields
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
