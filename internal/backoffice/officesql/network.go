package officesql

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"lockers/internal/backoffice"
	"lockers/internal/store"
)

// Every count here is an index probe per station or compartment: the open
// issues come from locker_issues_open_idx (the open ones only, however many
// were ever raised), the offline alarm from locker_issues_open_alarm_idx and
// the rentals from order_lockers_locker_ends_idx, so the view does not grow
// with the order history.

// openIssues counts the open issues per station and how many are alarms.
func (s *Store) openIssues(ctx context.Context, q store.Querier, stationID string) (map[string][2]int, error) {
	query := `SELECT station_id, kind FROM locker_issues WHERE resolved_at IS NULL`
	args := []any{}
	if stationID != "" {
		query += ` AND station_id = $1`
		args = append(args, stationID)
	}
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string][2]int{}
	for rows.Next() {
		var st sql.NullString
		var kind string
		if err := rows.Scan(&st, &kind); err != nil {
			return nil, err
		}
		c := out[st.String]
		c[0]++
		if kind != "user_report" {
			c[1]++
		}
		out[st.String] = c
	}
	return out, rows.Err()
}

const networkLinkColumns = `s.id, s.name, s.city, s.time_zone, s.latitude, s.longitude, s.active,
	s.link_state = 'online', s.last_seen_at,
	EXISTS (SELECT 1 FROM locker_issues i WHERE COALESCE(i.locker_id, i.station_id) = s.id
		AND i.kind = 'station_offline' AND i.resolved_at IS NULL)`

const networkColumns = networkLinkColumns + `,
	(SELECT count(*) FROM lockers l WHERE l.station_id = s.id),
	(SELECT count(*) FROM lockers l WHERE l.station_id = s.id AND l.state = 'out_of_service'),
	(SELECT count(*) FROM lockers l WHERE l.station_id = s.id AND l.state <> 'out_of_service'
		AND NOT EXISTS (SELECT 1 FROM order_lockers ol WHERE ol.locker_id = l.id AND ol.live
			AND ol.ends_at > $1 AND ol.starts_at <= $1))`

// networkLinksOnly reads the links and leaves the counts at zero.
const networkLinksOnly = networkLinkColumns + `, 0, 0, 0`

func scanNetworkStation(r interface{ Scan(...any) error }) (backoffice.NetworkStation, error) {
	var (
		st   backoffice.NetworkStation
		seen sql.NullTime
	)
	err := r.Scan(&st.ID, &st.Name, &st.City, &st.TimeZone, &st.Latitude, &st.Longitude, &st.Active,
		&st.LinkOnline, &seen, &st.OfflineAlarm, &st.Total, &st.OutOfService, &st.Free)
	if seen.Valid {
		st.LastSeenAt = seen.Time.UTC()
	}
	return st, err
}

// NetworkStations reads every station by name, one more than
// MaxNetworkStations to tell the view it is cut.
func (s *Store) NetworkStations(ctx context.Context, now time.Time, linksOnly bool) ([]backoffice.NetworkStation, error) {
	query, args := `SELECT `+networkColumns+` FROM stations s ORDER BY s.name, s.id LIMIT $2`,
		[]any{now.UTC(), backoffice.MaxNetworkStations + 1}
	if linksOnly {
		query, args = `SELECT `+networkLinksOnly+` FROM stations s ORDER BY s.name, s.id LIMIT $1`,
			[]any{backoffice.MaxNetworkStations + 1}
	}
	rows, err := collect(ctx, s.db, func(r *sql.Rows) (backoffice.NetworkStation, error) { return scanNetworkStation(r) },
		query, args...)
	if err != nil {
		return nil, internal("network", err)
	}
	open, err := s.openIssues(ctx, s.db, "")
	if err != nil {
		return nil, internal("network issues", err)
	}
	for i := range rows {
		c := open[rows[i].ID]
		rows[i].OpenIssues, rows[i].OpenAlarms = c[0], c[1]
	}
	return rows, nil
}

// NetworkGrid reads one station, its compartments with the rental running
// in each and newest temperature, and its open alarms.
func (s *Store) NetworkGrid(ctx context.Context, stationID string, now time.Time) (backoffice.NetworkStation,
	[]backoffice.GridCompartment, []backoffice.OpenAlarm, error) {
	if !validID(stationID) {
		return backoffice.NetworkStation{}, nil, nil, stationNotFound()
	}
	st, err := scanNetworkStation(s.db.QueryRowContext(ctx, `SELECT `+networkColumns+` FROM stations s WHERE s.id = $2`,
		now.UTC(), stationID))
	if errors.Is(err, sql.ErrNoRows) {
		return st, nil, nil, stationNotFound()
	}
	if err != nil {
		return st, nil, nil, internal("station grid", err)
	}
	alarms, err := collect(ctx, s.db, func(r *sql.Rows) (backoffice.OpenAlarm, error) {
		var (
			a                    backoffice.OpenAlarm
			locker, label, order sql.NullString
		)
		err := r.Scan(&a.IssueID, &a.Kind, &locker, &label, &order, &a.CreatedAt)
		a.LockerID, a.Label, a.OrderID, a.CreatedAt = locker.String, label.String, order.String, a.CreatedAt.UTC()
		return a, err
	}, `SELECT i.id, i.kind, i.locker_id, l.label, CAST(ol.order_id AS TEXT), i.created_at FROM locker_issues i
		LEFT JOIN lockers l ON l.id = i.locker_id
		LEFT JOIN order_lockers ol ON ol.id = i.order_locker_id
		WHERE i.resolved_at IS NULL AND i.station_id = $1 AND i.kind <> 'user_report'
		ORDER BY i.created_at, i.id`, stationID)
	if err != nil {
		return st, nil, nil, internal("station alarms", err)
	}
	open, err := s.openIssues(ctx, s.db, stationID)
	if err != nil {
		return st, nil, nil, internal("station issues", err)
	}
	st.OpenIssues, st.OpenAlarms = open[stationID][0], open[stationID][1]
	perLocker := map[string]int{}
	for _, a := range alarms {
		if a.LockerID != "" {
			perLocker[a.LockerID]++
		}
	}
	cs, err := collect(ctx, s.db, func(r *sql.Rows) (backoffice.GridCompartment, error) {
		var (
			c                                 backoffice.GridCompartment
			state                             string
			doorAt, at, ends                  sql.NullTime
			celsius                           sql.NullFloat64
			order, orderLocker, status, email sql.NullString
		)
		err := r.Scan(&c.LockerID, &c.Label, &c.Height, &c.Type, &c.Temperature, &state, &c.Door, &doorAt,
			&at, &celsius, &order, &orderLocker, &status, &email, &ends)
		c.OutOfService = state == "out_of_service"
		if doorAt.Valid {
			c.DoorAt = doorAt.Time.UTC()
		}
		if at.Valid && celsius.Valid {
			c.HasReading, c.Celsius, c.CelsiusAt = true, celsius.Float64, at.Time.UTC()
		}
		c.OrderID, c.OrderLockerID, c.OrderStatus, c.UserEmail = order.String, orderLocker.String, status.String, email.String
		if ends.Valid {
			c.RentalEndsAt = ends.Time.UTC()
		}
		c.OpenAlarms = perLocker[c.LockerID]
		return c, err
	}, `SELECT l.id, l.label, l.height, l.type, l.temperature, l.state, l.door_state, l.door_at, t.at, t.celsius,
		r.order_id, r.id, o.status, u.email, r.ends_at
		FROM lockers l
		LEFT JOIN locker_temperatures t ON t.locker_id = l.id
			AND t.at = (SELECT max(t2.at) FROM locker_temperatures t2 WHERE t2.locker_id = l.id)
		LEFT JOIN order_lockers r ON r.id = (SELECT ol.id FROM order_lockers ol WHERE ol.locker_id = l.id AND ol.live
			AND ol.ends_at > $2 AND ol.starts_at <= $2 ORDER BY ol.ends_at LIMIT 1)
		LEFT JOIN orders o ON o.id = r.order_id
		LEFT JOIN users u ON u.id = o.user_id
		WHERE l.station_id = $1 ORDER BY l.label`, stationID, now.UTC())
	if err != nil {
		return st, nil, nil, internal("station grid", err)
	}
	return st, cs, alarms, nil
}
