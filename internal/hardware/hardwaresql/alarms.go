package hardwaresql

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"lockers/internal/hardware"
	"lockers/internal/issue/issuesql"
	"lockers/internal/promo/promosql"
	"lockers/internal/store"
)

// runningRental is the rental running in a compartment at $2 (its id), the
// user a credit would reach (empty unless money was paid for the order: a
// free order earns no temperature credit), for an alarm to name.
const runningRental = `SELECT ol.id,
	CASE WHEN EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.state = 'paid') THEN CAST(o.user_id AS TEXT) ELSE '' END
	FROM order_lockers ol JOIN orders o ON o.id = ol.order_id
	WHERE ol.locker_id = $1 AND ol.live AND ol.starts_at <= $2 AND ol.ends_at > $2
	AND o.status IN ('booked', 'active', 'extended')
	ORDER BY ol.starts_at LIMIT 1`

// CheckAlarms records doors left open and stations gone offline (one open
// issue each: the unique index locker_issues_open_alarm_idx lets a second
// check add nothing) and resolves those whose condition is over.
func (s *Store) CheckAlarms(ctx context.Context, doorBefore, seenBefore, now time.Time) ([]hardware.Raised, error) {
	var raised []hardware.Raised
	err := s.db.InTx(ctx, func(tx *store.Tx) error {
		raised = raised[:0]
		if err := issuesql.ResolveClosedDoors(ctx, tx, now); err != nil {
			return err
		}
		if err := issuesql.ResolveOnlineStations(ctx, tx, seenBefore, now); err != nil {
			return err
		}
		doors, err := collect(tx.QueryContext(ctx, `SELECT l.id, l.station_id, l.label FROM lockers l
			WHERE l.door_state = 'open' AND l.door_at < $1
			AND NOT EXISTS (SELECT 1 FROM locker_issues i WHERE i.locker_id = l.id AND i.kind = 'door_left_open' AND i.resolved_at IS NULL)`,
			doorBefore.UTC()))
		if err != nil {
			return err
		}
		for _, d := range doors {
			r := hardware.Raised{Issue: hardware.IssueDoorLeftOpen, LockerID: d[0], StationID: d[1], Label: d[2]}
			if r.OrderLockerID, _, err = rentalOf(ctx, tx, r.LockerID, now); err != nil {
				return err
			}
			if ok, err := insertIssue(ctx, tx, r, now); err != nil {
				return err
			} else if ok {
				raised = append(raised, r)
			}
		}
		// A station never heard of is not an alarm (it was never installed).
		stations, err := collect(tx.QueryContext(ctx, `SELECT s.id, '', '' FROM stations s
			WHERE s.active AND s.last_seen_at IS NOT NULL AND (s.link_state = 'offline' OR s.last_seen_at < $1)
			AND NOT EXISTS (SELECT 1 FROM locker_issues i WHERE i.station_id = s.id AND i.locker_id IS NULL
				AND i.kind = 'station_offline' AND i.resolved_at IS NULL)`, seenBefore.UTC()))
		if err != nil {
			return err
		}
		for _, st := range stations {
			r := hardware.Raised{Issue: hardware.IssueOffline, StationID: st[0]}
			if ok, err := insertIssue(ctx, tx, r, now); err != nil {
				return err
			} else if ok {
				raised = append(raised, r)
			}
		}
		return nil
	})
	return raised, err
}

// RaiseTemperature records a compartment's temperature alarm and gives the
// user of the rental running in it one free order, once per rental (the
// coupon's subject is the rental).
func (s *Store) RaiseTemperature(ctx context.Context, stationID, label string, now time.Time) (hardware.Raised, bool, error) {
	r := hardware.Raised{Issue: hardware.IssueTemperature, StationID: stationID, Label: label}
	var ok bool
	err := s.db.InTx(ctx, func(tx *store.Tx) error {
		err := tx.QueryRowContext(ctx, `SELECT id FROM lockers WHERE station_id = $1 AND label = $2`, stationID, label).Scan(&r.LockerID)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		var userID string
		if r.OrderLockerID, userID, err = rentalOf(ctx, tx, r.LockerID, now); err != nil {
			return err
		}
		if ok, err = insertIssue(ctx, tx, r, now); err != nil || !ok || userID == "" {
			return err
		}
		r.Coupon, err = promosql.Grant(ctx, tx, userID, hardware.TemperatureCoupon, "temperature:"+r.OrderLockerID, now)
		return err
	})
	return r, ok, err
}

// RecordAlarm records a station's own alarm for one of its compartments.
func (s *Store) RecordAlarm(ctx context.Context, issue hardware.Issue, stationID, label string, now time.Time) (hardware.Raised, bool, error) {
	r := hardware.Raised{Issue: issue, StationID: stationID, Label: label}
	var ok bool
	err := s.db.InTx(ctx, func(tx *store.Tx) error {
		err := tx.QueryRowContext(ctx, `SELECT id FROM lockers WHERE station_id = $1 AND label = $2`, stationID, label).Scan(&r.LockerID)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		if r.OrderLockerID, _, err = rentalOf(ctx, tx, r.LockerID, now); err != nil {
			return err
		}
		ok, err = insertIssue(ctx, tx, r, now)
		return err
	})
	return r, ok, err
}

// EndTemperature resolves a compartment's open temperature alarm.
func (s *Store) EndTemperature(ctx context.Context, stationID, label string, now time.Time) error {
	return issuesql.ResolveTemperature(ctx, s.db, stationID, label, now)
}

// CompartmentClass reads a compartment's temperature class.
func (s *Store) CompartmentClass(ctx context.Context, stationID, label string) (string, error) {
	var class string
	err := s.db.Prepared().QueryRowContext(ctx, `SELECT temperature FROM lockers WHERE station_id = $1 AND label = $2`,
		stationID, label).Scan(&class)
	if errors.Is(err, sql.ErrNoRows) {
		return "", hardware.ErrNotFound
	}
	return class, err
}

// Prune deletes old handled-event ids and temperature readings.
func (s *Store) Prune(ctx context.Context, eventsBefore, readingsBefore time.Time) error {
	if _, err := s.db.ExecContext(ctx, `DELETE FROM station_events WHERE received_at < $1`, eventsBefore.UTC()); err != nil {
		return err
	}
	_, err := s.db.ExecContext(ctx, `DELETE FROM locker_temperatures WHERE at < $1`, readingsBefore.UTC())
	return err
}

// rentalOf is the rental running in a locker at now (empty when none) and
// its user when the rental was paid for (empty for a free one).
func rentalOf(ctx context.Context, tx *store.Tx, lockerID string, now time.Time) (orderLockerID, userID string, err error) {
	err = tx.QueryRowContext(ctx, runningRental, lockerID, now.UTC()).Scan(&orderLockerID, &userID)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", nil
	}
	return orderLockerID, userID, err
}

// insertIssue records r through the issue domain's store unless an open
// issue of its kind exists for its compartment (or station); ok says whether
// it went in.
func insertIssue(ctx context.Context, tx *store.Tx, r hardware.Raised, now time.Time) (bool, error) {
	return issuesql.Raise(ctx, tx, issuesql.Alarm{Kind: string(r.Issue), StationID: r.StationID, LockerID: r.LockerID,
		OrderLockerID: r.OrderLockerID, At: now})
}

func changed(res sql.Result, err error) (bool, error) {
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// collect reads rows of three text columns.
func collect(rows *sql.Rows, err error) ([][3]string, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out [][3]string
	for rows.Next() {
		var r [3]string
		if err := rows.Scan(&r[0], &r[1], &r[2]); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}
