package ordersql

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"
	"time"

	"lockers/internal/order"
	"lockers/internal/store"
)

// Store keeps orders, their lockers and price lines.
type Store struct {
	db    *store.DB
	group store.Group // SQLite bookings
}

// New returns a Store on db.
func New(db *store.DB) *Store { return &Store{db: db} }

var _ order.Store = (*Store)(nil)

// Get returns one of the user's orders.
func (s *Store) Get(ctx context.Context, userID, id string) (order.Order, error) {
	return loadOne(ctx, s.db, s.db.Dialect(), userID, id, false)
}

// ByKey returns the user's order created with an idempotency key.
func (s *Store) ByKey(ctx context.Context, userID, key string) (order.Order, error) {
	h, err := scanHead(s.db.QueryRowContext(ctx, orderSelect+`WHERE o.user_id = $1 AND o.idempotency_key = $2`, userID, key))
	if errors.Is(err, sql.ErrNoRows) {
		return order.Order{}, order.ErrNotFound
	}
	if err != nil {
		return order.Order{}, err
	}
	return details(ctx, s.db, h)
}

// Held counts the user's unpaid orders that still hold their lockers
// (orders_user_starts_idx narrows to the user).
func (s *Store) Held(ctx context.Context, userID string, now time.Time) (order.Held, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT o.station_id, count(DISTINCT o.id), count(*) FROM orders o
		JOIN order_lockers ol ON ol.order_id = o.id
		WHERE o.user_id = $1 AND o.status IN ('reserved', 'unpaid', 'processing') AND o.reserved_until > $2
		GROUP BY o.station_id`, userID, now.UTC())
	if err != nil {
		return order.Held{}, err
	}
	defer rows.Close()
	h := order.Held{AtStation: map[string]int{}}
	for rows.Next() {
		var station string
		var orders, lockers int
		if err := rows.Scan(&station, &orders, &lockers); err != nil {
			return order.Held{}, err
		}
		h.Orders += orders
		h.AtStation[station] = lockers
	}
	return h, rows.Err()
}

// List returns the user's orders in the statuses.
func (s *Store) List(ctx context.Context, userID string, statuses []order.Status, newestFirst bool, limit int) ([]order.Order, error) {
	args := []any{userID, limit}
	marks := make([]string, len(statuses))
	for i, st := range statuses {
		args = append(args, string(st))
		marks[i] = "$" + strconv.Itoa(i+3)
	}
	dir := "ASC"
	if newestFirst {
		dir = "DESC"
	}
	rows, err := s.db.QueryContext(ctx, orderSelect+`WHERE o.user_id = $1 AND o.status IN (`+strings.Join(marks, ", ")+`)
		ORDER BY o.starts_at `+dir+`, o.created_at `+dir+` LIMIT $2`, args...)
	if err != nil {
		return nil, err
	}
	var heads []head
	for rows.Next() {
		h, err := scanHead(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		heads = append(heads, h)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out := make([]order.Order, 0, len(heads))
	for _, h := range heads {
		o, err := details(ctx, s.db, h)
		if err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, nil
}

// overlap reports the database refusing a second live booking of a locker for
// overlapping time: the exclusion constraint on PostgreSQL, the trigger on SQLite.
func overlap(err error) bool {
	return err != nil && (store.Violates(err, store.Exclusion) || strings.Contains(err.Error(), "order_lockers_no_overlap"))
}

// codeTaken reports whether the booking trigger refused a code that another
// live rental at the station holds (migration 00010, both engines).
func codeTaken(err error) bool {
	return err != nil && strings.Contains(err.Error(), "locker_code_taken")
}
