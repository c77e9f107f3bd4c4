package officesql

import (
	"context"
	"database/sql"
	"encoding/json"

	"lockers/internal/apperr"
	"lockers/internal/backoffice"
)

// Audit lists the audit log, newest first, filtered and paged by key in SQL.
func (s *Store) Audit(ctx context.Context, f backoffice.AuditFilter) (backoffice.AuditPage, error) {
	c, ok, err := decodeCursor(f.Cursor)
	if err != nil {
		return backoffice.AuditPage{}, err
	}
	var w where
	if f.ActorID != "" {
		if !validID(f.ActorID) {
			return backoffice.AuditPage{}, apperr.Field(apperr.BadInput, "actorId", "not an id")
		}
		w.add("a.actor_id = ?", f.ActorID)
	}
	if f.Action != "" {
		w.add("a.action = ?", f.Action)
	}
	if f.TargetType != "" {
		w.add("a.target_type = ?", f.TargetType)
	}
	if f.TargetID != "" {
		w.add("a.target_id = ?", f.TargetID)
	}
	if !f.From.IsZero() {
		w.add("a.created_at >= ?", f.From.UTC())
	}
	if !f.To.IsZero() {
		w.add("a.created_at < ?", f.To.UTC())
	}
	w.after(c, ok, "a.created_at", "a.id")
	n := limit(f.Limit)
	rows, err := s.db.QueryContext(ctx, `SELECT a.id, a.actor_id, u.email, a.action, a.target_type, a.target_id,
		a.before_json, a.after_json, a.note, a.created_at
		FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id`+w.sql()+
		` ORDER BY a.created_at DESC, a.id DESC LIMIT `+w.arg(n+1), w.args...)
	if err != nil {
		return backoffice.AuditPage{}, internal("audit", err)
	}
	defer rows.Close()
	var out backoffice.AuditPage
	for rows.Next() {
		var (
			e             backoffice.AuditEntry
			actorID, mail sql.NullString
			before, after string
		)
		if err := rows.Scan(&e.ID, &actorID, &mail, &e.Action, &e.TargetType, &e.TargetID, &before, &after, &e.Note,
			&e.CreatedAt); err != nil {
			return backoffice.AuditPage{}, internal("audit", err)
		}
		e.ActorID, e.ActorEmail = actorID.String, mail.String
		e.Before, e.After, e.CreatedAt = json.RawMessage(before), json.RawMessage(after), e.CreatedAt.UTC()
		out.Entries = append(out.Entries, e)
	}
	if err := rows.Err(); err != nil {
		return backoffice.AuditPage{}, internal("audit", err)
	}
	if len(out.Entries) > n {
		out.Entries = out.Entries[:n]
		last := out.Entries[n-1]
		out.Next = cursor{At: last.CreatedAt, ID: last.ID}.encode()
	}
	return out, nil
}
