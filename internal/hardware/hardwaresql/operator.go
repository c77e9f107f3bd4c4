package hardwaresql

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"lockers/internal/hardware"
)

var _ hardware.OperatorStore = (*Store)(nil)

// RepairOpenedSince reads the newest operator's (repair) open of a locker
// sent at or after since that was heard open.
func (s *Store) RepairOpenedSince(ctx context.Context, lockerID string, since time.Time) (time.Time, bool, error) {
	var at time.Time
	err := s.db.QueryRowContext(ctx, `SELECT opened_at FROM door_commands
		WHERE locker_id = $1 AND reason = 'repair' AND created_at >= $2 AND opened_at IS NOT NULL
		ORDER BY created_at DESC LIMIT 1`, lockerID, since.UTC()).Scan(&at)
	if errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, false, nil
	}
	return at.UTC(), err == nil, err
}

// StationStatus reads a station's link and each compartment's door with its
// newest temperature (one index probe per compartment on locker_temperatures'
// primary key).
func (s *Store) StationStatus(ctx context.Context, stationID string) (hardware.StationStatus, error) {
	st := hardware.StationStatus{StationID: stationID}
	var (
		link           string
		seen, linkedAt sql.NullTime
	)
	// The open offline alarm is one probe of locker_issues_open_alarm_idx.
	err := s.db.QueryRowContext(ctx, `SELECT link_state, last_seen_at, link_at,
		EXISTS (SELECT 1 FROM locker_issues i WHERE COALESCE(i.locker_id, i.station_id) = s.id
			AND i.kind = 'station_offline' AND i.resolved_at IS NULL)
		FROM stations s WHERE id = $1`,
		stationID).Scan(&link, &seen, &linkedAt, &st.OfflineAlarm)
	if errors.Is(err, sql.ErrNoRows) {
		return st, hardware.ErrNotFound
	}
	if err != nil {
		return st, err
	}
	st.LinkOnline = link == "online"
	if seen.Valid {
		st.LastSeenAt = seen.Time.UTC()
	}
	if linkedAt.Valid {
		st.LinkAt = linkedAt.Time.UTC()
	}
	rows, err := s.db.QueryContext(ctx, `SELECT l.id, l.label, l.temperature, l.state = 'out_of_service', l.door_state,
		l.door_at, t.at, t.celsius
		FROM lockers l LEFT JOIN locker_temperatures t ON t.locker_id = l.id
			AND t.at = (SELECT max(t2.at) FROM locker_temperatures t2 WHERE t2.locker_id = l.id)
		WHERE l.station_id = $1 ORDER BY l.label`, stationID)
	if err != nil {
		return st, err
	}
	defer rows.Close()
	st.Doors = []hardware.DoorStatus{}
	for rows.Next() {
		var (
			d          hardware.DoorStatus
			doorAt, at sql.NullTime
			celsius    sql.NullFloat64
		)
		if err := rows.Scan(&d.LockerID, &d.Label, &d.Temperature, &d.OutOfService, &d.Door, &doorAt, &at,
			&celsius); err != nil {
			return st, err
		}
		if doorAt.Valid {
			d.DoorAt = doorAt.Time.UTC()
		}
		if at.Valid && celsius.Valid {
			d.Reading = &hardware.Reading{At: at.Time.UTC(), Celsius: celsius.Float64}
		}
		st.Doors = append(st.Doors, d)
	}
	return st, rows.Err()
}

// Compartment reads one locker of a station as a door to open, without an order.
func (s *Store) Compartment(ctx context.Context, stationID, lockerID string) (hardware.Target, error) {
	t := hardware.Target{StationID: stationID, LockerID: lockerID}
	err := s.db.QueryRowContext(ctx, `SELECT l.label, s.link_state = 'online' FROM lockers l
		JOIN stations s ON s.id = l.station_id WHERE l.id = $1 AND l.station_id = $2`, lockerID, stationID).Scan(
		&t.Label, &t.StationOnline)
	if errors.Is(err, sql.ErrNoRows) {
		return t, hardware.ErrNotFound
	}
	return t, err
}
