package backoffice

import (
	"context"
	"errors"
	"time"

	"lockers/internal/store"
)

// errRepeated: the request's key was claimed before, by the same request
// sent again; the write must not happen twice.
var errRepeated = errors.New("backoffice: the request was made already")

// claimRequest records an operator's request key in the write's transaction;
// a key seen before is errRepeated (two copies sent at once: the second waits
// for the first's transaction and then finds its key). No key, no check.
func claimRequest(ctx context.Context, tx *store.Tx, key, action, targetID string, now time.Time) error {
	if key == "" {
		return nil
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO admin_request_keys (key, action, target_id, created_at)
		VALUES ($1, $2, $3, $4) ON CONFLICT (key) DO NOTHING`, key, action, targetID, now.UTC())
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return errors.Join(errRepeated, err)
	}
	return nil
}
