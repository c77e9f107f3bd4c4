package issuesql

import (
	"context"
	"time"

	"github.com/google/uuid"

	"lockers/internal/issue"
	"lockers/internal/store"
)

// The steps below are the hardware domain's alarms: its store calls them
// inside its own transactions (hardwaresql), so an alarm is raised or resolved
// together with the facts that raise or end it.

// Alarm is an issue the station's hardware raises.
type Alarm struct {
	Kind          string // issue.KindDoorLeftOpen, ...
	StationID     string
	LockerID      string // "" for a station's alarm
	OrderLockerID string // the rental running in the compartment, if any
	At            time.Time
}

// Raise records a unless an open issue of its kind exists for its
// compartment (or station): the unique index locker_issues_open_alarm_idx
// lets a second check add nothing. ok says whether it went in.
func Raise(ctx context.Context, tx *store.Tx, a Alarm) (bool, error) {
	res, err := tx.ExecContext(ctx, `INSERT INTO locker_issues (id, locker_id, station_id, order_locker_id, kind, created_at)
		VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
		uuid.NewString(), store.NullString(a.LockerID), a.StationID, store.NullString(a.OrderLockerID), a.Kind, a.At.UTC())
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// RaiseForLocker records an issue with the given id for a compartment, its
// station read from the compartment (a door that did not open).
func RaiseForLocker(ctx context.Context, tx *store.Tx, id, kind, lockerID, orderLockerID string, at time.Time) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO locker_issues (id, locker_id, station_id, order_locker_id, kind, created_at)
		SELECT $1, id, station_id, $3, $4, $5 FROM lockers WHERE id = $2`,
		id, lockerID, store.NullString(orderLockerID), kind, at.UTC())
	return err
}

// ResolveClosedDoors resolves the door-left-open issues of compartments whose
// door is no longer open.
func ResolveClosedDoors(ctx context.Context, tx *store.Tx, at time.Time) error {
	_, err := tx.ExecContext(ctx, `UPDATE locker_issues SET resolved_at = $1, state = $2, updated_at = $1
		WHERE kind = $3 AND resolved_at IS NULL
		AND locker_id IN (SELECT id FROM lockers WHERE door_state <> 'open')`, at.UTC(), issue.Resolved, issue.KindDoorLeftOpen)
	return err
}

// ResolveOnlineStations resolves the offline issues of stations online and
// heard from since seenSince.
func ResolveOnlineStations(ctx context.Context, tx *store.Tx, seenSince, at time.Time) error {
	_, err := tx.ExecContext(ctx, `UPDATE locker_issues SET resolved_at = $1, state = $3, updated_at = $1
		WHERE kind = $4 AND resolved_at IS NULL
		AND station_id IN (SELECT id FROM stations WHERE link_state = 'online' AND last_seen_at >= $2)`,
		at.UTC(), seenSince.UTC(), issue.Resolved, issue.KindStationOffline)
	return err
}

// ResolveTemperature resolves a compartment's open temperature alarm (q: the
// database or a transaction).
func ResolveTemperature(ctx context.Context, q store.Querier, stationID, label string, at time.Time) error {
	_, err := q.ExecContext(ctx, `UPDATE locker_issues SET resolved_at = $3, state = $4, updated_at = $3
		WHERE kind = $5 AND resolved_at IS NULL
		AND locker_id = (SELECT id FROM lockers WHERE station_id = $1 AND label = $2)`,
		stationID, label, at.UTC(), issue.Resolved, issue.KindTemperature)
	return err
}
