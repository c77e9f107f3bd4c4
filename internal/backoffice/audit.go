package backoffice

import (
	"context"
	"encoding/json"
	"time"

	"lockers/internal/audit"
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
// transaction (a unit of work, Tx): a write without its audit row (or the
// reverse) never commits.
func (s *Service) write(ctx context.Context, action, targetType, targetID, note string,
	fn func(tx Tx, now time.Time) (change, error)) error {
	p, err := actor(ctx)
	if err != nil {
		return err
	}
	err = s.store.InTx(ctx, func(tx Tx) error {
		now := s.Now()
		c, err := fn(tx, now)
		if err != nil {
			return err
		}
		return tx.Audit.Record(ctx, audit.Entry{ID: newID(), ActorID: p.UserID, Action: action, TargetType: targetType,
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
