package officesql

import (
	"context"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/backoffice"
	"lockers/internal/store"
)

const liveCondition = "o.status IN ('reserved', 'unpaid', 'processing', 'active', 'extended')"

var (
	holdStatuses   = []any{"reserved", "unpaid", "processing"}
	rentalStatuses = []any{"active", "extended"}
)

// Live lists the holds and running rentals, filtered and paged by key in SQL.
func (s *Store) Live(ctx context.Context, f backoffice.LiveFilter) (backoffice.LivePage, error) {
	c, ok, err := decodeCursor(f.Cursor)
	if err != nil {
		return backoffice.LivePage{}, err
	}
	var w where
	// The exact condition of the partial index orders_live_idx (00013), so
	// both engines walk the few live orders newest first (SQLite uses a
	// partial index only for a query that states its condition).
	w.add(liveCondition)
	switch f.Kind {
	case "hold":
		w.add("o.status IN (?, ?, ?)", holdStatuses...)
	case "rental":
		w.add("o.status IN (?, ?)", rentalStatuses...)
	case "":
		w.add("o.status IN (?, ?, ?, ?, ?)", append(append([]any{}, holdStatuses...), rentalStatuses...)...)
	default:
		return backoffice.LivePage{}, apperr.Field(apperr.BadInput, "kind", "kind is hold or rental")
	}
	if f.StationID != "" {
		if !validID(f.StationID) {
			return backoffice.LivePage{}, apperr.Field(apperr.BadInput, "stationId", "not an id")
		}
		if s.db.Dialect() == store.SQLite {
			// "+" keeps SQLite off the station's index: it would read every
			// order the station ever had to find its few live ones.
			w.add("+o.station_id = ?", f.StationID)
		} else {
			w.add("o.station_id = ?", f.StationID)
		}
	}
	w.after(c, ok, "o.created_at", "o.id")
	n := limit(f.Limit)
	rows, err := s.db.QueryContext(ctx, `SELECT `+orderRowColumns+orderRowFrom+w.sql()+
		` ORDER BY o.created_at DESC, o.id DESC LIMIT `+w.arg(n+1), w.args...)
	if err != nil {
		return backoffice.LivePage{}, internal("live", err)
	}
	defer rows.Close()
	now := s.Now()
	var out backoffice.LivePage
	for rows.Next() {
		o, err := scanOrderRow(rows)
		if err != nil {
			return backoffice.LivePage{}, internal("live", err)
		}
		r := backoffice.LiveRow{OrderRow: o, Kind: "rental", LeftSecs: int64(o.EndsAt.Sub(now) / time.Second)}
		if o.Status == "reserved" || o.Status == "unpaid" || o.Status == "processing" {
			r.Kind, r.LeftSecs = "hold", int64(o.ReservedUntil.Sub(now)/time.Second)
		}
		out.Rows = append(out.Rows, r)
	}
	if err := rows.Err(); err != nil {
		return backoffice.LivePage{}, internal("live", err)
	}
	if len(out.Rows) > n {
		out.Rows = out.Rows[:n]
		last := out.Rows[n-1]
		out.Next = cursor{At: last.CreatedAt, ID: last.ID}.encode()
	}
	return out, nil
}
