package hardwaresql

import (
	"context"
	"time"

	"lockers/internal/hardware"
	"lockers/internal/store"
)

// Temperatures reads the newest readings of an order locker's compartment in
// [from, to], returned oldest first.
func (s *Store) Temperatures(ctx context.Context, orderLockerID string, from, to time.Time, limit int) (string, []hardware.Reading, error) {
	var class, lockerID string
	if err := s.db.Prepared().QueryRowContext(ctx, `SELECT l.temperature, l.id FROM order_lockers ol JOIN lockers l ON l.id = ol.locker_id
		WHERE ol.id = $1`, orderLockerID).Scan(&class, &lockerID); err != nil {
		return "", nil, err
	}
	rows, err := s.db.Prepared().QueryContext(ctx, `SELECT at, celsius FROM locker_temperatures
		WHERE locker_id = $1 AND at >= $2 AND at <= $3 ORDER BY at DESC LIMIT $4`, lockerID, from.UTC(), to.UTC(), limit)
	if err != nil {
		return "", nil, err
	}
	defer rows.Close()
	var out []hardware.Reading
	for rows.Next() {
		var r hardware.Reading
		if err := rows.Scan(&r.At, &r.Celsius); err != nil {
			return "", nil, err
		}
		out = append(out, r)
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return class, out, rows.Err()
}

// temperature records one reading (a repeat of the same instant is dropped).
func temperature(ctx context.Context, tx *store.Tx, ev hardware.Event, at time.Time) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO locker_temperatures (locker_id, at, celsius)
		SELECT id, $3, $4 FROM lockers WHERE station_id = $1 AND label = $2
		ON CONFLICT (locker_id, at) DO NOTHING`, ev.StationID, ev.Compartment, at, ev.Celsius)
	return err
}
