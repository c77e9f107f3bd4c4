package officesql

import (
	"context"

	"lockers/internal/apperr"
	"lockers/internal/backoffice"
)

// Events lists client events newest first, filtered and paged by key in SQL.
// The server's own audit of admin writes is Audit.
func (s *Store) Events(ctx context.Context, f backoffice.EventFilter) (backoffice.EventPage, error) {
	c, ok, err := decodeCursor(f.Cursor)
	if err != nil {
		return backoffice.EventPage{}, err
	}
	var w where
	if f.Type != "" {
		w.add("type = ?", f.Type)
	}
	if f.UserID != "" {
		if !validID(f.UserID) {
			return backoffice.EventPage{}, apperr.Field(apperr.BadInput, "userId", "not an id")
		}
		w.add("user_id = ?", f.UserID)
	}
	if !f.From.IsZero() {
		w.add("created_at >= ?", f.From.UTC())
	}
	if !f.To.IsZero() {
		w.add("created_at < ?", f.To.UTC())
	}
	w.after(c, ok, "created_at", "id")
	n := limit(f.Limit)
	evs, err := collect(ctx, s.db, scanEvent, `SELECT `+eventColumns+` FROM events`+w.sql()+
		` ORDER BY created_at DESC, id DESC LIMIT `+w.arg(n+1), w.args...)
	if err != nil {
		return backoffice.EventPage{}, internal("events", err)
	}
	out := backoffice.EventPage{Events: evs}
	if len(evs) > n {
		out.Events = evs[:n]
		last := evs[n-1]
		out.Next = cursor{At: last.CreatedAt, ID: last.ID}.encode()
	}
	return out, nil
}
