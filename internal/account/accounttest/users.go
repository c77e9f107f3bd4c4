// Package accounttest makes the account rows other domains' tests stand on, without the
// account service's sign-up steps: what a booking or a payment test needs is a user id.
package accounttest

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/store"
)

// VerifiedUser inserts a verified user row (the accounts schema of migration 00002) made
// at the given time, with an address of its own, and returns its id.
func VerifiedUser(t testing.TB, ctx context.Context, db *store.DB, at time.Time) string {
	t.Helper()
	id := uuid.NewString()
	if _, err := db.ExecContext(ctx, `INSERT INTO users (id, email, verified_at, created_at, updated_at)
		VALUES ($1, $2, $3, $3, $3)`, id, id+"@example.com", at.UTC()); err != nil {
		t.Fatal(err)
	}
	return id
}
