// Package officesql is the back office's store on both databases: its read
// model (lists, searches, detail pages, statistics and the audit log, read
// across every domain's tables) and its unit of work, which binds the owning
// domains' transaction steps and the audit log to one transaction
// (backoffice.Tx). The only tables it writes are the statistics' own summary
// (stats_daily, stats_days, stats_monthly, stats_months); every other write
// goes through the table's owner (README, "Table owners").
package officesql

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"lockers/internal/backoffice"
	"lockers/internal/store"
)

// Store implements backoffice.Store on a database.
type Store struct {
	db  *store.DB
	now func() time.Time
}

var _ backoffice.Store = (*Store)(nil)

// New returns the back office's store on db; now is its clock (nil:
// time.Now), the back office service's.
func New(db *store.DB, now func() time.Time) *Store {
	if now == nil {
		now = time.Now
	}
	return &Store{db: db, now: now}
}

// Now is the clock in UTC.
func (s *Store) Now() time.Time { return s.now().UTC() }

// RequestMade reads admin_request_keys (auditsql writes it).
func (s *Store) RequestMade(ctx context.Context, key, action, targetID string) (time.Time, bool, error) {
	var at time.Time
	err := s.db.QueryRowContext(ctx, `SELECT created_at FROM admin_request_keys WHERE key = $1 AND action = $2 AND target_id = $3`,
		key, action, targetID).Scan(&at)
	if errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, false, nil
	}
	return at.UTC(), err == nil, internal("request key", err)
}

// OrderRow reads one order (ORDER_NOT_FOUND).
func (s *Store) OrderRow(ctx context.Context, id string) (backoffice.OrderRow, error) {
	o, err := s.orderRow(ctx, s.db, id)
	return o, internal("order", err)
}
