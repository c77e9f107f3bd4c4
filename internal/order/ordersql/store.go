package ordersql

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"

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
