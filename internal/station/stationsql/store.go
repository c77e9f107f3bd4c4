// Package stationsql implements station.Store on the project database (SQLite or
// PostgreSQL, one query text for both).
package stationsql

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"lockers/internal/station"
	"lockers/internal/store"
)

// Store reads stations, lockers and their live bookings.
type Store struct{ db *store.DB }

// New returns a Store on db.
func New(db *store.DB) *Store { return &Store{db: db} }

var _ station.Store = (*Store)(nil)

// Columns selects a station from the table aliased s; Scan reads them. The
// orders store joins stations with them.
const Columns = `s.id, s.name, s.address, s.city, s.latitude, s.longitude, s.time_zone, s.opening_hours,
	s.active, s.link_state = 'online', s.last_seen_at`

// Scan reads Columns.
func Scan(row interface{ Scan(...any) error }) (station.Station, error) {
	var (
		s    station.Station
		seen sql.NullTime
	)
	err := row.Scan(&s.ID, &s.Name, &s.Address, &s.City, &s.Latitude, &s.Longitude, &s.TimeZone,
		&s.OpeningHours, &s.Active, &s.Online, &seen)
	s.LastSeenAt = seen.Time.UTC()
	return s, err
}

// Stations lists the active stations by city and name.
func (s *Store) Stations(ctx context.Context) ([]station.Station, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+Columns+` FROM stations s WHERE s.active ORDER BY s.city, s.name`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []station.Station{}
	for rows.Next() {
		st, err := Scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, st)
	}
	return out, rows.Err()
}

// Station returns one station, active or not.
func (s *Store) Station(ctx context.Context, id string) (station.Station, error) {
	st, err := Scan(s.db.QueryRowContext(ctx, `SELECT `+Columns+` FROM stations s WHERE s.id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return st, station.ErrNotFound
	}
	return st, err
}

// Offers groups the station's lockers into products. The dimensions are the
// smallest of the group, the size every locker of the product at least has;
// Total counts the lockers in service.
func (s *Store) Offers(ctx context.Context, stationID string) ([]station.Offer, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT height, type, temperature, min(height_mm), min(width_mm), min(depth_mm),
			sum(CASE WHEN state = 'available' THEN 1 ELSE 0 END)
		FROM lockers WHERE station_id = $1
		GROUP BY height, type, temperature
		ORDER BY CASE height WHEN 'small' THEN 0 ELSE 1 END, type,
			CASE temperature WHEN 'cool' THEN 0 WHEN 'neutral' THEN 1 ELSE 2 END`, stationID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []station.Offer{}
	for rows.Next() {
		var o station.Offer
		if err := rows.Scan(&o.Height, &o.Type, &o.Temperature, &o.HeightMM, &o.WidthMM, &o.DepthMM, &o.Total); err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, rows.Err()
}

// Free counts the in-service lockers per product with no live booking that
// overlaps [start, end). The index of live bookings by end keeps this fast
// however many past orders there are: only bookings ending after the start are
// visited, and those are the few still to come.
func (s *Store) Free(ctx context.Context, stationID string, start, end time.Time) (map[station.Product]int, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT l.height, l.type, l.temperature, count(*)
		FROM lockers l
		WHERE l.station_id = $1 AND l.state = 'available'
		  AND l.id NOT IN (SELECT ol.locker_id FROM order_lockers ol
			WHERE ol.live AND ol.ends_at > $2 AND ol.starts_at < $3)
		GROUP BY l.height, l.type, l.temperature`, stationID, start.UTC(), end.UTC())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[station.Product]int{}
	for rows.Next() {
		var (
			p station.Product
			n int
		)
		if err := rows.Scan(&p.Height, &p.Type, &p.Temperature, &n); err != nil {
			return nil, err
		}
		out[p] = n
	}
	return out, rows.Err()
}
