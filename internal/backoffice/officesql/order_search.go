package officesql

import (
	"context"
	"strings"

	"lockers/internal/apperr"
)

// maxSearchOrders bounds the orders one search finds by id or compartment:
// the newest bookings of a compartment, or the ids starting so.
const maxSearchOrders = 500

// orderSearch finds the orders an operator's search text names, before the
// list query takes them in (the list then reads them by primary key, sorted,
// instead of walking a million orders by date for a rare match). An order's
// id, whole or its first characters (at least 4 hexadecimal digits, hyphens
// as they come), is a range of the primary key; a compartment's label ("A05",
// any case; at the station filtered by, if any) finds the orders of its newest
// bookings through order_lockers_locker_ends_idx. A short text that reads as
// both ("A101") finds both.
func (s *Store) orderSearch(ctx context.Context, q, stationID string) ([]string, error) {
	if len(q) > 64 {
		return nil, apperr.Field(apperr.BadInput, "query", "search text is too long")
	}
	seen := map[string]bool{}
	var ids []string
	add := func(query string, args ...any) error {
		return collectIDs(ctx, s, query, args, func(id string) {
			if !seen[id] {
				seen[id] = true
				ids = append(ids, id)
			}
		})
	}
	if lo, hi, ok := idRange(q); ok {
		if err := add(`SELECT id FROM orders WHERE id >= $1 AND id <= $2 ORDER BY id LIMIT $3`,
			lo, hi, maxSearchOrders); err != nil {
			return nil, err
		}
		if lo == hi {
			return ids, nil
		}
	}
	// The compartments of that label first (a few hundred at most: one per
	// station), then each one's newest bookings on its own index: a join
	// ordered by the bookings' end made SQLite walk every booking (0.9 s at
	// a million orders).
	label := strings.ToUpper(q)
	lockersQ, args := `SELECT id FROM lockers WHERE upper(label) = $1`, []any{label}
	if stationID != "" {
		lockersQ, args = lockersQ+` AND station_id = $2`, append(args, stationID)
	}
	var lockers []string
	if err := collectIDs(ctx, s, lockersQ, args, func(id string) { lockers = append(lockers, id) }); err != nil {
		return nil, err
	}
	if len(lockers) == 0 {
		return ids, nil
	}
	per := max(20, maxSearchOrders/len(lockers))
	for _, l := range lockers {
		if err := add(`SELECT order_id FROM order_lockers WHERE locker_id = $1 AND live
			ORDER BY ends_at DESC LIMIT $2`, l, per); err != nil {
			return nil, err
		}
		if len(ids) >= maxSearchOrders {
			break
		}
	}
	return ids, nil
}

// collectIDs runs a query of one text column and hands each value to fn.
func collectIDs(ctx context.Context, s *Store, query string, args []any, fn func(string)) error {
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return err
		}
		fn(id)
	}
	return rows.Err()
}

// orderIn narrows w to the orders of ids (none: no order).
func orderIn(w *where, ids []string) {
	if len(ids) == 0 {
		w.add("1 = 0")
		return
	}
	args := make([]any, len(ids))
	marks := make([]string, len(ids))
	for i, id := range ids {
		args[i], marks[i] = id, "?"
	}
	w.add("o.id IN ("+strings.Join(marks, ", ")+")", args...)
}

// idRange reads q as the start of a canonical id and answers the smallest
// and largest ids that start so (equal for a whole id).
func idRange(q string) (lo, hi string, ok bool) {
	hex := strings.ReplaceAll(strings.ToLower(q), "-", "")
	if len(hex) < 4 || len(hex) > 32 {
		return "", "", false
	}
	for _, r := range hex {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'f') {
			return "", "", false
		}
	}
	canon := func(h string) string { return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:] }
	return canon(hex + strings.Repeat("0", 32-len(hex))), canon(hex + strings.Repeat("f", 32-len(hex))), true
}
