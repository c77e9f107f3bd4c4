// Package auditsql is the only writer of the audit log (audit_log) and of the
// admin request keys (admin_request_keys). It has no transaction of its own:
// the store that makes an audited change calls Record inside the change's
// transaction.
package auditsql

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"lockers/internal/audit"
	"lockers/internal/store"
)

// Record writes e in tx.
func Record(ctx context.Context, tx *store.Tx, e audit.Entry) error {
	if e.ID == "" {
		e.ID = uuid.Must(uuid.NewV7()).String()
	}
	if e.Before == nil {
		e.Before = audit.Values(nil)
	}
	if e.After == nil {
		e.After = audit.Values(nil)
	}
	var actor any
	if e.ActorID != "" {
		actor = e.ActorID
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO audit_log (id, actor_id, action, target_type, target_id, before_json,
		after_json, note, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
		e.ID, actor, e.Action, e.TargetType, e.TargetID, string(e.Before), string(e.After), e.Note, e.At.UTC())
	return err
}

// ClaimRequest records an operator's request key in tx, the transaction of the
// write it guards; a key seen before is audit.ErrRepeated (two copies sent at
// once: the second waits for the first's transaction and then finds its key).
// No key, no check.
func ClaimRequest(ctx context.Context, tx *store.Tx, key, action, targetID string, at time.Time) error {
	if key == "" {
		return nil
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO admin_request_keys (key, action, target_id, created_at)
		VALUES ($1, $2, $3, $4) ON CONFLICT (key) DO NOTHING`, key, action, targetID, at.UTC())
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return errors.Join(audit.ErrRepeated, err)
	}
	return nil
}
