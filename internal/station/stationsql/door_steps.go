package stationsql

import (
	"context"
	"time"

	"lockers/internal/store"
)

// The steps below are the hardware-driven facts kept on stations and
// lockers: the hardware domain's store calls them inside its own transactions
// (hardwaresql), with the event that reports them. Older facts than the ones
// stored do not overwrite them.

// Heartbeat marks a station online as of at, unless a newer link change is stored.
func Heartbeat(ctx context.Context, tx *store.Tx, stationID string, at time.Time) error {
	_, err := tx.ExecContext(ctx, `UPDATE stations SET link_state = 'online', link_at = $2,
		last_seen_at = CASE WHEN last_seen_at IS NULL OR last_seen_at < $2 THEN $2 ELSE last_seen_at END
		WHERE id = $1 AND (link_at IS NULL OR link_at < $2)`, stationID, at.UTC())
	return err
}

// SetLink records a station's controller going online or offline at at,
// unless a newer link change is stored.
func SetLink(ctx context.Context, tx *store.Tx, stationID string, online bool, at time.Time) error {
	state := "offline"
	if online {
		state = "online"
	}
	_, err := tx.ExecContext(ctx, `UPDATE stations SET link_state = $3, link_at = $2,
		last_seen_at = CASE WHEN $3 = 'online' AND (last_seen_at IS NULL OR last_seen_at < $2) THEN $2 ELSE last_seen_at END
		WHERE id = $1 AND (link_at IS NULL OR link_at < $2)`, stationID, at.UTC(), state)
	return err
}

// SetDoor records a compartment's door state as its sensor reported it at at
// (the caller checked that it is newer than the stored one).
func SetDoor(ctx context.Context, tx *store.Tx, lockerID, state string, at time.Time) error {
	_, err := tx.ExecContext(ctx, `UPDATE lockers SET door_state = $2, door_at = $3 WHERE id = $1`,
		lockerID, state, at.UTC())
	return err
}

// PutOutOfService takes a compartment out of service (its door did not open).
func PutOutOfService(ctx context.Context, tx *store.Tx, lockerID string, at time.Time) error {
	_, err := tx.ExecContext(ctx, `UPDATE lockers SET state = 'out_of_service', updated_at = $2 WHERE id = $1`,
		lockerID, at.UTC())
	return err
}
