package hardwaresql

import (
	"context"
	"time"

	"lockers/internal/hardware"
)

var _ hardware.IntentStore = (*Store)(nil)

// InsertIntent stores a door intent by its token's hash.
func (s *Store) InsertIntent(ctx context.Context, in hardware.StoredIntent) error {
	_, err := s.db.Prepared().ExecContext(ctx, `INSERT INTO door_intents (token_hash, user_id, kind, target_id, issued_at)
		VALUES ($1, $2, $3, $4, $5)`, in.TokenHash, in.UserID, string(in.Kind), in.TargetID, in.IssuedAt.UTC())
	return err
}

// UseIntent deletes the matching intent. One DELETE both checks and spends
// it, so of two opens racing with one intent (in one process or two) exactly
// one sees a row go; an intent that does not match stays as it was.
func (s *Store) UseIntent(ctx context.Context, want hardware.StoredIntent, notBefore time.Time) error {
	ok, err := changed(s.db.Prepared().ExecContext(ctx, `DELETE FROM door_intents
		WHERE token_hash = $1 AND user_id = $2 AND kind = $3 AND target_id = $4 AND issued_at >= $5`,
		want.TokenHash, want.UserID, string(want.Kind), want.TargetID, notBefore.UTC()))
	if err != nil {
		return err
	}
	if !ok {
		return hardware.ErrNotFound
	}
	return nil
}

// RevokeIntent deletes the matching intent whatever its age; like UseIntent
// one DELETE, so a revoke and an open racing for one intent cannot both win.
func (s *Store) RevokeIntent(ctx context.Context, want hardware.StoredIntent) (bool, error) {
	return changed(s.db.Prepared().ExecContext(ctx, `DELETE FROM door_intents
		WHERE token_hash = $1 AND user_id = $2 AND kind = $3 AND target_id = $4`,
		want.TokenHash, want.UserID, string(want.Kind), want.TargetID))
}

// PruneIntents deletes intents issued before the time.
func (s *Store) PruneIntents(ctx context.Context, before time.Time) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM door_intents WHERE issued_at < $1`, before.UTC())
	return err
}
