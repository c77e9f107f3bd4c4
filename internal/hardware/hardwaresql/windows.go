package hardwaresql

import (
	"context"
	"time"

	"lockers/internal/hardware"
)

// PaidWindows are the rentals a station's cabinet syncs while it is online, to
// check offline PINs by itself later: the compartments and paid timeframes of
// the station's live, paid orders that have not ended by now.
func (s *Store) PaidWindows(ctx context.Context, stationID string, now time.Time) ([]hardware.Window, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT l.label, o.starts_at, o.ends_at FROM order_lockers ol
		JOIN orders o ON o.id = ol.order_id JOIN lockers l ON l.id = ol.locker_id
		WHERE l.station_id = $1 AND ol.live AND o.status IN ('booked', 'active', 'extended') AND o.ends_at > $2`,
		stationID, now.UTC())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []hardware.Window
	for rows.Next() {
		var w hardware.Window
		if err := rows.Scan(&w.Compartment, &w.From, &w.To); err != nil {
			return nil, err
		}
		out = append(out, w)
	}
	return out, rows.Err()
}
