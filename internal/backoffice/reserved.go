package backoffice

import (
	"context"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/order/ordersql"
	"lockers/internal/store"
)

// LiveRow is a hold (reserved, unpaid, processing) or a running rental
// (active, extended) with the time it has left.
type LiveRow struct {
	OrderRow
	Kind     string // "hold" or "rental"
	LeftSecs int64  // until the hold runs out or the rental ends; negative when overdue
}

// LiveFilter narrows the live list to one station and/or one kind.
type LiveFilter struct {
	StationID string
	Kind      string // "", "hold" or "rental"
	Cursor    string
	Limit     int
}

// LivePage is one page of the live list, newest first.
type LivePage struct {
	Rows []LiveRow
	Next string
}

const liveCondition = "o.status IN ('reserved', 'unpaid', 'processing', 'active', 'extended')"

var (
	holdStatuses   = []any{"reserved", "unpaid", "processing"}
	rentalStatuses = []any{"active", "extended"}
)

// Live lists the holds and running rentals, filtered and paged by key in SQL.
func (s *Service) Live(ctx context.Context, f LiveFilter) (LivePage, error) {
	c, ok, err := decodeCursor(f.Cursor)
	if err != nil {
		return LivePage{}, err
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
		return LivePage{}, apperr.Field(apperr.BadInput, "kind", "kind is hold or rental")
	}
	if f.StationID != "" {
		if !validID(f.StationID) {
			return LivePage{}, apperr.Field(apperr.BadInput, "stationId", "not an id")
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
		return LivePage{}, internal("live", err)
	}
	defer rows.Close()
	now := s.Now()
	var out LivePage
	for rows.Next() {
		o, err := scanOrderRow(rows)
		if err != nil {
			return LivePage{}, internal("live", err)
		}
		r := LiveRow{OrderRow: o, Kind: "rental", LeftSecs: int64(o.EndsAt.Sub(now) / time.Second)}
		if o.Status == "reserved" || o.Status == "unpaid" || o.Status == "processing" {
			r.Kind, r.LeftSecs = "hold", int64(o.ReservedUntil.Sub(now)/time.Second)
		}
		out.Rows = append(out.Rows, r)
	}
	if err := rows.Err(); err != nil {
		return LivePage{}, internal("live", err)
	}
	if len(out.Rows) > n {
		out.Rows = out.Rows[:n]
		last := out.Rows[n-1]
		out.Next = cursor{At: last.CreatedAt, ID: last.ID}.encode()
	}
	return out, nil
}

// FreeHold ends a stuck hold now, as the sweep would when it runs out: the
// order becomes unfinished and its lockers are free. A hold whose payment is
// in flight (processing) is not freed (NOT_RESERVED): the provider's answer
// decides it.
func (s *Service) FreeHold(ctx context.Context, orderID, note string) (OrderRow, error) {
	var after OrderRow
	err := s.write(ctx, "admin.reserved.free", "order", orderID, note, func(tx *store.Tx, now time.Time) (change, error) {
		before, err := s.orderRow(ctx, tx, orderID)
		if err != nil {
			return change{}, err
		}
		freed, err := ordersql.ReleaseHold(ctx, tx, orderID, now)
		if err != nil {
			return change{}, err
		}
		if !freed {
			return change{}, apperr.New(apperr.NotReserved, "this order holds no locker that can be freed")
		}
		if after, err = s.orderRow(ctx, tx, orderID); err != nil {
			return change{}, err
		}
		return change{Before: map[string]any{"status": before.Status}, After: map[string]any{"status": after.Status}}, nil
	})
	return after, err
}
