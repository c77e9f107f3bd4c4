package backoffice

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"

	"lockers/internal/apperr"
)

// VersionOf is the version of an entity an operator edits: a digest of the
// values the edit screen shows. A save names the version it started from; when
// the entity now has another, a colleague saved in between and the save is
// refused (checkVersion) instead of silently undoing their change. A digest
// needs no counter column in each owner's table, and a save that changes
// nothing keeps the version (two identical saves never conflict).
func VersionOf(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return ""
	}
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:8])
}

// ErrStale is the answer to a save that started from another version than the
// entity has now: CANT_CHANGE (spec §8 has no CONFLICT code; CANT_CHANGE
// travels as tRPC CONFLICT) on field version. The screen then shows the values
// as they are now, read again.
func ErrStale() error {
	return apperr.Field(apperr.CantChange, "version",
		"someone else saved this in the meantime; the current values are shown, check them and save again")
}

// checkVersion compares the version a save started from with the entity's
// current values. The version is required (MISSING_PARAMS): a save without one
// could overwrite a colleague's change unseen.
func checkVersion(want string, current any) error {
	want = strings.TrimSpace(want)
	if want == "" {
		return apperr.Field(apperr.MissingParams, "version", "the version the edit started from is required")
	}
	if want != VersionOf(current) {
		return ErrStale()
	}
	return nil
}

// lockFor serialises the writes of one entity inside their transactions, so
// two saves of the same version cannot both pass checkVersion (PostgreSQL's
// READ COMMITTED would let both read the old row); SQLite's writer
// transaction is exclusive already.
func lockFor(ctx context.Context, tx Tx, kind, id string) error {
	return tx.Read.Lock(ctx, kind+":"+id)
}

// requiredReason trims an operator's reason for a write the audit log must
// explain (block, out of service, prices, packs, deletes, help edits):
// MISSING_NOTE on field for none.
func requiredReason(field, reason string) (string, error) {
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return "", apperr.Field(apperr.MissingNote, field, "a reason is required")
	}
	if len(reason) > 1000 {
		return "", apperr.Field(apperr.BadInput, field, "the reason is too long")
	}
	return reason, nil
}
