package backoffice

import (
	"context"
	"database/sql"
	"encoding/json"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/audit"
	"lockers/internal/audit/auditsql"
	"lockers/internal/store"
)

// AuditEntry is one admin write as the audit log keeps it.
type AuditEntry struct {
	ID         string
	ActorID    string // empty once the operator's account is gone
	ActorEmail string
	Action     string // the procedure, e.g. "admin.users.block"
	TargetType string // "user", "order", ...
	TargetID   string
	Before     json.RawMessage
	After      json.RawMessage
	Note       string
	CreatedAt  time.Time
}

// change is what a write hands the audit log: the values it changed.
type change struct {
	Before, After any
}

// write runs fn and records the change it reports in the audit log, both in one
// transaction: a write without its audit row (or the reverse) never commits.
func (s *Service) write(ctx context.Context, action, targetType, targetID, note string,
	fn func(tx *store.Tx, now time.Time) (change, error)) error {
	p, err := actor(ctx)
	if err != nil {
		return err
	}
	err = s.db.InTx(ctx, func(tx *store.Tx) error {
		now := s.Now()
		c, err := fn(tx, now)
		if err != nil {
			return err
		}
		return auditsql.Record(ctx, tx, audit.Entry{ID: newID(), ActorID: p.UserID, Action: action, TargetType: targetType,
			TargetID: targetID, Before: audit.Values(c.Before), After: audit.Values(c.After), Note: note, At: now})
	})
	return internal(action, err)
}

// AuditFilter narrows the audit log; empty fields do not filter.
type AuditFilter struct {
	ActorID    string
	Action     string // exact procedure name
	TargetType string
	TargetID   string
	From, To   time.Time // created_at in [From, To)
	Cursor     string
	Limit      int
}

// AuditPage is one page of the audit log, newest first.
type AuditPage struct {
	Entries []AuditEntry
	Next    string // "" on the last page
}

// Audit lists the audit log, newest first, filtered and paged by key in SQL.
func (s *Service) Audit(ctx context.Context, f AuditFilter) (AuditPage, error) {
	c, ok, err := decodeCursor(f.Cursor)
	if err != nil {
		return AuditPage{}, err
	}
	var w where
	if f.ActorID != "" {
		if !validID(f.ActorID) {
			return AuditPage{}, apperr.Field(apperr.BadInput, "actorId", "not an id")
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
		return AuditPage{}, internal("audit", err)
	}
	defer rows.Close()
	var out AuditPage
	for rows.Next() {
		var (
			e             AuditEntry
			actorID, mail sql.NullString
			before, after string
		)
		if err := rows.Scan(&e.ID, &actorID, &mail, &e.Action, &e.TargetType, &e.TargetID, &before, &after, &e.Note,
			&e.CreatedAt); err != nil {
			return AuditPage{}, internal("audit", err)
		}
		e.ActorID, e.ActorEmail = actorID.String, mail.String
		e.Before, e.After, e.CreatedAt = json.RawMessage(before), json.RawMessage(after), e.CreatedAt.UTC()
		out.Entries = append(out.Entries, e)
	}
	if err := rows.Err(); err != nil {
		return AuditPage{}, internal("audit", err)
	}
	if len(out.Entries) > n {
		out.Entries = out.Entries[:n]
		last := out.Entries[n-1]
		out.Next = cursor{At: last.CreatedAt, ID: last.ID}.encode()
	}
	return out, nil
}
