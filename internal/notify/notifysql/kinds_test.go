package notifysql_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/notify"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// Every kind the notify domain publishes can be stored: the notifications
// table's CHECK lists them all on both engines (a migration that rebuilds the
// table from an older list loses one, and its notifications fail to insert).
func TestEveryKindCanBeStored(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		u := user(t, db, "en", "")
		for _, k := range notify.Kinds {
			if _, err := db.ExecContext(context.Background(), `INSERT INTO notifications (id, user_id, kind, title, body, created_at)
				VALUES ($1, $2, $3, 't', 'b', $4)`, uuid.NewString(), u, string(k), time.Now().UTC()); err != nil {
				t.Errorf("kind %s: %v", k, err)
			}
		}
	})
}
