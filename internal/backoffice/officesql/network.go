package officesql

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"lockers/internal/backoffice"
	"lockers/internal/store"
)

// The network view does not grow with the order history: the open issues
// come from locker_issues_open_idx (the open ones only), the rentals running
// now from the live ones (order_lockers_live_ends_idx for the whole network,
// order_lockers_locker_ends_idx for one station's grid).

// openCounts are one station's open issues, how many of them are alarms, and
// whether a "station offline" alarm is among them.
type openCounts struct {
	issues, alarms int
	offline        bool
}

// openIssues counts the open issues per station and how many are alarms
// (locker_issues_open_idx: the open ones only, however many were ever
// raised). A station's own offline alarm names no compartment.
func (s *Store) openIssues(ctx context.Context, q store.Querier, stationID string) (map[string]openCounts, error) {
	query := `SELECT station_id, locker_id IS NULL, kind FROM locker_issues WHERE resolved_at IS NULL`
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
	out := map[string]openCounts{}
	for rows.Next() {
		var (
			st        sql.NullString
			ofStation bool
			kind      string
		)
		if err := rows.Scan(&st, &ofStation, &kind); err != nil {
			return nil, err
		}
		c := out[st.String]
		c.issues++
		if kind != "user_report" {
			c.alarms++
		}
		if kind == "station_offline" && ofStation {
			c.offline = true
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
// MaxNetworkStations to tell the view it is cut. It reads the whole network
// in four set queries (the stations, their compartments, the compartments
// rented now, the open issues) and joins them here: one probe
// per station and compartment was 0.44 s at 1,000 stations on SQLite
// (BenchmarkNetworkList).
func (s *Store) NetworkStations(ctx context.Context, now time.Time, linksOnly bool) ([]backoffice.NetworkStation, error) {
	rows, err := collect(ctx, s.db, func(r *sql.Rows) (backoffice.NetworkStation, error) {
		var (
			st   backoffice.NetworkStation
			seen sql.NullTime
		)
		err := r.Scan(&st.ID, &st.Name, &st.City, &st.TimeZone, &st.Latitude, &st.Longitude, &st.Active,
			&st.LinkOnline, &seen)
		if seen.Valid {
			st.LastSeenAt = seen.Time.UTC()
		}
		return st, err
	}, `SELECT s.id, s.name, s.city, s.time_zone, s.latitude, s.longitude, s.active, s.link_state = 'online',
		s.last_seen_at FROM stations s ORDER BY s.name, s.id LIMIT $1`, backoffice.MaxNetworkStations+1)
	if err != nil {
		return nil, internal("network", err)
	}
	open, err := s.openIssues(ctx, s.db, "")
	if err != nil {
		return nil, internal("network issues", err)
	}
	var counts map[string]lockerCounts
	if !linksOnly {
		if counts, err = s.networkLockerCounts(ctx, now); err != nil {
			return nil, internal("network compartments", err)
		}
	}
	for i := range rows {
		st := &rows[i]
		c := open[st.ID]
		st.OpenIssues, st.OpenAlarms, st.OfflineAlarm = c.issues, c.alarms, c.offline
		if n, ok := counts[st.ID]; ok {
			st.Total, st.OutOfService = n.total, n.outOfService
			// The counts come from two reads: a rental that began between
			// them must not make the free count negative.
			st.Free = max(n.total-n.outOfService-n.rented, 0)
		}
	}
	return rows, nil
}

// lockerCounts are one station's compartments: all, out of service, and
// in service with a rental running now.
type lockerCounts struct{ total, outOfService, rented int }

// networkLockerCounts counts every station's compartments from one read of
// lockers (lockers_product_state_idx covers it) and the compartments rented
// now from one range over the live rentals still running
// (order_lockers_live_ends_idx), joined here: the same join in SQL looked each
// rental's compartment up by its id, 0.11 s of 0.2 s at 1,000 stations on
// SQLite (BenchmarkNetworkList).
func (s *Store) networkLockerCounts(ctx context.Context, now time.Time) (map[string]lockerCounts, error) {
	rented := map[string]bool{}
	rows, err := s.db.QueryContext(ctx, `SELECT locker_id FROM order_lockers
		WHERE live AND ends_at > $1 AND starts_at <= $1`, now.UTC())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		rented[id] = true
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	lockers, err := s.db.QueryContext(ctx, `SELECT station_id, id, state = 'out_of_service' FROM lockers`)
	if err != nil {
		return nil, err
	}
	defer lockers.Close()
	out := map[string]lockerCounts{}
	for lockers.Next() {
		var (
			station, id  string
			outOfService bool
		)
		if err := lockers.Scan(&station, &id, &outOfService); err != nil {
			return nil, err
		}
		c := out[station]
		c.total++
		switch {
		case outOfService:
			c.outOfService++
		case rented[id]:
			// A compartment has at most one live rental at a time (the
			// booking's overlap check), so this counts compartments.
			c.rented++
		}
		out[station] = c
	}
	return out, lockers.Err()
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
	st.OpenIssues, st.OpenAlarms = open[stationID].issues, open[stationID].alarms
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
