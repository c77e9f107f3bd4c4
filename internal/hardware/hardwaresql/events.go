package hardwaresql

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"lockers/internal/hardware"
	"lockers/internal/order/ordersql"
	"lockers/internal/station/stationsql"
	"lockers/internal/store"
)

// Apply records the event's id and applies it in one transaction: a repeat
// finds its id and changes nothing; facts older than what is stored (the
// door's last state, the station's last link change) are not overwritten.
func (s *Store) Apply(ctx context.Context, ev hardware.Event, now time.Time) (hardware.Outcome, error) {
	var out hardware.Outcome
	err := s.db.InTx(ctx, func(tx *store.Tx) error {
		out = hardware.Outcome{}
		at := ev.At.UTC()
		if ev.Kind == hardware.EventDoor {
			if err := quickCommit(ctx, tx); err != nil {
				return err
			}
		}
		// Heartbeats and temperatures are idempotent by their time (a repeat
		// changes nothing): their ids are not kept, so the table of handled
		// events grows with door traffic only, not with telemetry.
		if ev.Kind != hardware.EventHeartbeat && ev.Kind != hardware.EventTemperature {
			res, err := tx.ExecContext(ctx, `INSERT INTO station_events (id, station_id, kind, received_at)
				VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING`, ev.ID, ev.StationID, string(ev.Kind), now.UTC())
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n == 0 {
				out.Duplicate = true
				return nil
			}
		}
		var err error
		switch ev.Kind {
		case hardware.EventAccepted:
			_, err = tx.ExecContext(ctx, `UPDATE door_commands SET accepted_at = $2 WHERE id = $1 AND accepted_at IS NULL`, ev.CommandID, at)
		case hardware.EventRejected:
			var res sql.Result
			res, err = tx.ExecContext(ctx, `UPDATE door_commands SET rejected_at = $2 WHERE id = $1 AND opened_at IS NULL`, ev.CommandID, at)
			if n, _ := rowsOf(res); n > 0 {
				out.Rejected = ev.CommandID
			}
		case hardware.EventDoor:
			out.Opened, out.Alarm, err = door(ctx, tx, ev, at)
		case hardware.EventTemperature:
			err = temperature(ctx, tx, ev, at)
		case hardware.EventOfflinePIN:
			// The station opened by itself for a rental of this compartment.
			err = ordersql.MarkOpenedAt(ctx, tx, ev.StationID, ev.Compartment, at)
		case hardware.EventHeartbeat:
			err = stationsql.Heartbeat(ctx, tx, ev.StationID, at)
		case hardware.EventStatus:
			err = stationsql.SetLink(ctx, tx, ev.StationID, ev.Online, at)
		}
		return err
	})
	return out, err
}

func rowsOf(res sql.Result) (int64, error) {
	if res == nil {
		return 0, nil
	}
	return res.RowsAffected()
}

// door applies a door sensor's report. Opening marks the command and its
// code used and the order locker opened; closing ends the door cycle, and the
// cycle's code kind moves the order locker's status (hardware.AfterCycle). An
// open that arrives after a newer close completes its cycle at once. An open
// for no command of lockerd's (none named, or one it never sent to this
// door) that is not the station's own offline-PIN opening is an unexpected
// opening: recorded as an alarm in the same transaction.
func door(ctx context.Context, tx *store.Tx, ev hardware.Event, at time.Time) (opened string, alarm *hardware.Raised, err error) {
	var lockerID, state string
	var doorAt sql.NullTime
	err = tx.QueryRowContext(ctx, `SELECT id, door_state, door_at FROM lockers WHERE station_id = $1 AND label = $2`,
		ev.StationID, ev.Compartment).Scan(&lockerID, &state, &doorAt)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil, nil // a compartment we do not know: nothing to change
	}
	if err != nil {
		return "", nil, err
	}
	newer := !doorAt.Valid || doorAt.Time.Before(at)
	if newer {
		if err := stationsql.SetDoor(ctx, tx, lockerID, string(ev.Door), at); err != nil {
			return "", nil, err
		}
	}
	if ev.Door == hardware.DoorClosed {
		return "", nil, closeCycles(ctx, tx, lockerID, at)
	}
	if ev.CommandID == "" {
		if ev.Detail == hardware.DetailOfflinePIN {
			return "", nil, nil
		}
		alarm, err = unexpectedOpening(ctx, tx, ev, lockerID, at)
		return "", alarm, err
	}
	var orderLockerID, codeID, kind sql.NullString
	err = tx.QueryRowContext(ctx, `UPDATE door_commands SET opened_at = $2, accepted_at = COALESCE(accepted_at, $2)
		WHERE id = $1 AND locker_id = $3 AND opened_at IS NULL
		RETURNING order_locker_id, code_id, code_kind`, ev.CommandID, at, lockerID).Scan(&orderLockerID, &codeID, &kind)
	if errors.Is(err, sql.ErrNoRows) {
		// Opened before (a repeat), or a command lockerd never sent to this door.
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM door_commands WHERE id = $1 AND locker_id = $2`,
			ev.CommandID, lockerID).Scan(&n); err != nil {
			return "", nil, err
		}
		if n == 0 {
			alarm, err = unexpectedOpening(ctx, tx, ev, lockerID, at)
		}
		return "", alarm, err
	}
	if err != nil {
		return "", nil, err
	}
	if codeID.Valid {
		if _, err := tx.ExecContext(ctx, `UPDATE locker_codes SET last_used_at = $2
			WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $2)`, codeID.String, at); err != nil {
			return "", nil, err
		}
	}
	if orderLockerID.Valid {
		if err := ordersql.MarkOpened(ctx, tx, orderLockerID.String, at); err != nil {
			return "", nil, err
		}
		if codeID.Valid {
			if err := mirror(ctx, tx, orderLockerID.String); err != nil {
				return "", nil, err
			}
		}
	}
	if !newer && state == string(hardware.DoorClosed) {
		// The door closed after this open already: the cycle is over.
		if err := closeCycles(ctx, tx, lockerID, doorAt.Time); err != nil {
			return "", nil, err
		}
	}
	return ev.CommandID, nil, nil
}

// unexpectedOpening records an alarm for a door that opened with no order
// of lockerd's, naming the rental running in the compartment (whose renter
// is told); nil when such an alarm is open for the door already.
func unexpectedOpening(ctx context.Context, tx *store.Tx, ev hardware.Event, lockerID string, at time.Time) (*hardware.Raised, error) {
	r := hardware.Raised{Issue: hardware.IssueUnexpectedOpen, StationID: ev.StationID, LockerID: lockerID, Label: ev.Compartment, At: at}
	var err error
	if r.OrderLockerID, _, err = rentalOf(ctx, tx, lockerID, at); err != nil {
		return nil, err
	}
	ok, err := insertIssue(ctx, tx, r, at)
	if err != nil || !ok {
		return nil, err
	}
	return &r, nil
}

// closeCycles ends every door cycle of a locker opened at or before at and
// applies each one's status change to its order locker.
func closeCycles(ctx context.Context, tx *store.Tx, lockerID string, at time.Time) error {
	rows, err := tx.QueryContext(ctx, `UPDATE door_commands SET closed_at = $2
		WHERE locker_id = $1 AND opened_at IS NOT NULL AND closed_at IS NULL AND opened_at <= $2
		RETURNING order_locker_id, code_kind`, lockerID, at)
	if err != nil {
		return err
	}
	type cycle struct{ orderLockerID, kind string }
	var cycles []cycle
	for rows.Next() {
		var ol, kind sql.NullString
		if err := rows.Scan(&ol, &kind); err != nil {
			rows.Close()
			return err
		}
		if ol.Valid && kind.Valid {
			cycles = append(cycles, cycle{ol.String, kind.String})
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, c := range cycles {
		var status string
		err := tx.QueryRowContext(ctx, `SELECT status FROM order_lockers WHERE id = $1`, c.orderLockerID).Scan(&status)
		if err != nil {
			return err
		}
		if next := hardware.AfterCycle(status, hardware.CodeKind(c.kind)); next != status {
			if err := ordersql.SetLockerStatus(ctx, tx, c.orderLockerID, next); err != nil {
				return err
			}
		}
	}
	return nil
}
