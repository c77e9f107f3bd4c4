// Package stationsql implements station.Store on the project database (SQLite or
// PostgreSQL, one query text for both).
package stationsql

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/google/uuid"

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
	s.active, s.link_state = 'online', s.last_seen_at, ` + station.PricesColumn

// Scan reads Columns.
func Scan(row interface{ Scan(...any) error }) (station.Station, error) {
	var (
		s      station.Station
		seen   sql.NullTime
		prices sql.NullString
	)
	err := row.Scan(&s.ID, &s.Name, &s.Address, &s.City, &s.Latitude, &s.Longitude, &s.TimeZone,
		&s.OpeningHours, &s.Active, &s.Online, &seen, &prices)
	s.LastSeenAt = seen.Time.UTC()
	s.Prices = station.ParsePriceList(prices.String)
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

// StationExists reports whether a station with this id exists, active or not:
// the accounts domain checks a user's default station with it. A malformed id
// does not exist (PostgreSQL would refuse it in a uuid column).
func (s *Store) StationExists(ctx context.Context, id string) (bool, error) {
	if uuid.Validate(id) != nil {
		return false, nil
	}
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM stations WHERE id = $1`, id).Scan(&n); err != nil {
		return false, err
	}
	return n > 0, nil
}

// Offers groups the station's lockers into products. The dimensions are the
// smallest of the group, the size every locker of the product at least has;
// Total counts the lockers in service.
func (s *Store) Offers(ctx context.Context, stationID string) ([]station.Offer, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT l.height, l.type, l.temperature, min(l.height_mm), min(l.width_mm),
			min(l.depth_mm), sum(CASE WHEN l.state = 'available' THEN 1 ELSE 0 END)
		FROM lockers l WHERE l.station_id = $1
		GROUP BY l.height, l.type, l.temperature
		ORDER BY `+productOrder, stationID)
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

// Available lists the station's products like Offers, with how many in-service
// lockers have no live booking overlapping [start, end), in one query. The
// bookings that may overlap come from the index of live bookings by end: only
// those ending after the start are visited, the few still to come, so the
// answer stays fast however long the station's history is.
func (s *Store) Available(ctx context.Context, stationID string, start, end time.Time) ([]station.Availability, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT l.height, l.type, l.temperature,
			min(l.height_mm), min(l.width_mm), min(l.depth_mm),
			sum(CASE WHEN l.state = 'available' THEN 1 ELSE 0 END),
			sum(CASE WHEN l.state = 'available' AND l.id NOT IN (SELECT ol.locker_id FROM order_lockers ol
				WHERE ol.live AND ol.ends_at > $2 AND ol.starts_at < $3) THEN 1 ELSE 0 END)
		FROM lockers l WHERE l.station_id = $1
		GROUP BY l.height, l.type, l.temperature
		ORDER BY `+productOrder, stationID, start.UTC(), end.UTC())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []station.Availability{}
	for rows.Next() {
		var a station.Availability
		if err := rows.Scan(&a.Height, &a.Type, &a.Temperature, &a.HeightMM, &a.WidthMM, &a.DepthMM, &a.Total, &a.Free); err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// productOrder lists small before big, then by type, then cool, neutral, warm.
const productOrder = `CASE l.height WHEN 'small' THEN 0 ELSE 1 END, l.type,
	CASE l.temperature WHEN 'cool' THEN 0 WHEN 'neutral' THEN 1 ELSE 2 END`
