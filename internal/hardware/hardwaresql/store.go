// Package hardwaresql implements hardware.Store on the project database (both
// dialects). It owns locker_codes, door_commands, door_intents, station_events,
// guest_links and locker_temperatures. The door-driven facts kept in other
// domains' tables go through their owners' transaction steps, inside this
// store's transactions: alarms (issuesql), an order locker's status, opened_at
// and code mirror (ordersql), a locker's door and service state and a
// station's link state (stationsql).
package hardwaresql

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"lockers/internal/hardware"
	"lockers/internal/issue/issuesql"
	"lockers/internal/station/stationsql"
	"lockers/internal/store"
)

// Store keeps codes, door commands and station events.
type Store struct{ db *store.DB }

// New returns a Store on db.
func New(db *store.DB) *Store { return &Store{db: db} }

var _ hardware.Store = (*Store)(nil)

const targetSelect = `SELECT o.id, ol.id, o.user_id, o.status, ol.status, l.station_id, l.id, l.label,
	o.starts_at, o.ends_at, ol.opened_at, s.link_state = 'online'
	FROM order_lockers ol JOIN orders o ON o.id = ol.order_id JOIN lockers l ON l.id = ol.locker_id
	JOIN stations s ON s.id = l.station_id `

// Target reads an order locker. The paid timeframe is the order's: an
// extension waiting for payment books the locker longer but does not open it.
func (s *Store) Target(ctx context.Context, orderLockerID string) (hardware.Target, error) {
	var t hardware.Target
	var opened sql.NullTime
	err := s.db.Prepared().QueryRowContext(ctx, targetSelect+`WHERE ol.id = $1 AND ol.live`, orderLockerID).Scan(
		&t.OrderID, &t.OrderLockerID, &t.UserID, &t.OrderStatus, &t.Status, &t.StationID, &t.LockerID, &t.Label,
		&t.Start, &t.End, &opened, &t.StationOnline)
	if errors.Is(err, sql.ErrNoRows) {
		return t, hardware.ErrNotFound
	}
	if opened.Valid {
		t.OpenedAt = &opened.Time
	}
	return t, err
}

const codeCols = `c.id, c.order_locker_id, c.station_id, c.kind, c.code, c.created_at, c.last_used_at`

func scanCode(row interface{ Scan(...any) error }) (hardware.Code, error) {
	var c hardware.Code
	var used sql.NullTime
	err := row.Scan(&c.ID, &c.OrderLockerID, &c.StationID, &c.Kind, &c.Code, &c.CreatedAt, &used)
	if used.Valid {
		c.LastUsedAt = &used.Time
	}
	return c, err
}

// CodeAt finds the code at a station that may open a door now: not
// removed, its order locker live and its timeframe running. Two matches (codes
// drawn at booking can repeat across rentals) are ErrAmbiguous: no door opens
// rather than perhaps someone else's.
func (s *Store) CodeAt(ctx context.Context, stationID, code string, now time.Time) (hardware.Code, error) {
	// The matching codes first (the station-and-code index finds a handful
	// among any number), then their rentals: materialized, so the planner
	// cannot start from the order lockers and walk every code of each.
	rows, err := s.db.Prepared().QueryContext(ctx, `WITH c AS MATERIALIZED (
			SELECT id, order_locker_id, station_id, kind, code, created_at, last_used_at FROM locker_codes
			WHERE station_id = $1 AND code = $2 AND removed_at IS NULL)
		SELECT `+codeCols+` FROM c JOIN order_lockers ol ON ol.id = c.order_locker_id
		WHERE ol.live AND ol.starts_at <= $3 AND ol.ends_at > $3
		LIMIT 2`, stationID, code, now.UTC())
	if err != nil {
		return hardware.Code{}, err
	}
	defer rows.Close()
	var found []hardware.Code
	for rows.Next() {
		c, err := scanCode(rows)
		if err != nil {
			return hardware.Code{}, err
		}
		found = append(found, c)
	}
	if err := rows.Err(); err != nil {
		return hardware.Code{}, err
	}
	switch len(found) {
	case 0:
		return hardware.Code{}, hardware.ErrNotFound
	case 1:
		return found[0], nil
	}
	return hardware.Code{}, hardware.ErrAmbiguous
}

// Codes lists an order locker's codes, oldest first.
func (s *Store) Codes(ctx context.Context, orderLockerID string) ([]hardware.Code, error) {
	rows, err := s.db.Prepared().QueryContext(ctx, `SELECT `+codeCols+` FROM locker_codes c
		WHERE c.order_locker_id = $1 AND c.removed_at IS NULL ORDER BY c.kind, c.created_at, c.id`, orderLockerID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []hardware.Code
	for rows.Next() {
		c, err := scanCode(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// CommandOpened reports whether a command's door reported open.
func (s *Store) CommandOpened(ctx context.Context, id string) (bool, error) {
	var n int
	err := s.db.Prepared().QueryRowContext(ctx, `SELECT count(*) FROM door_commands WHERE id = $1 AND opened_at IS NOT NULL`, id).Scan(&n)
	return n > 0, err
}

// InsertCommand records a command before it is sent.
func (s *Store) InsertCommand(ctx context.Context, c hardware.Command) error {
	var kind any
	if c.CodeKind != "" {
		kind = string(c.CodeKind)
	}
	insert := `INSERT INTO door_commands
		(id, station_id, locker_id, order_locker_id, code_id, code_kind, reason, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`
	if s.db.Dialect() == store.Postgres {
		// quickCommit in one statement (one round trip, not four): the
		// setting holds for the statement's own transaction.
		insert = `WITH quick AS (SELECT set_config('synchronous_commit', 'off', true))
			INSERT INTO door_commands (id, station_id, locker_id, order_locker_id, code_id, code_kind, reason, created_at)
			SELECT $1, $2, $3, $4, $5, $6, $7, $8 FROM quick`
	}
	_, err := s.db.Prepared().ExecContext(ctx, insert,
		c.ID, c.StationID, c.LockerID, store.NullString(c.OrderLockerID), store.NullString(c.CodeID), kind, string(c.Reason), c.IssuedAt.UTC())
	return err
}

// quickCommit lets a PostgreSQL transaction commit without waiting for its WAL
// to reach the disk (synchronous_commit off, for this transaction only). Door
// commands and door events use it: a door's answer waited for two such
// flushes, 3-9 ms each on a loaded machine, which alone broke kiosk.enter's
// 5 ms. What a crash can lose is the last fraction of a second of them (the WAL
// writer flushes every 200 ms by default), never their consistency; the sensor
// reports the door's state again with its next event. SQLite: nothing to do.
func quickCommit(ctx context.Context, tx *store.Tx) error {
	if tx.Dialect() != store.Postgres {
		return nil
	}
	_, err := tx.ExecContext(ctx, `SET LOCAL synchronous_commit TO OFF`)
	return err
}

// MarkBroken puts a locker out of service and opens an issue for operators.
func (s *Store) MarkBroken(ctx context.Context, lockerID, orderLockerID, issueID string, now time.Time) error {
	return s.db.InTx(ctx, func(tx *store.Tx) error {
		if err := stationsql.PutOutOfService(ctx, tx, lockerID, now); err != nil {
			return err
		}
		return issuesql.RaiseForLocker(ctx, tx, issueID, string(hardware.IssueDoorDidNotOpen), lockerID, orderLockerID, now)
	})
}
