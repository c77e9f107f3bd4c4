package accountsql

import (
	"context"

	"lockers/internal/account"
	"lockers/internal/store"
)

// events records client events; a signed-out caller's event has no user or device.
type events struct{ conn }

func (r events) InsertEvent(ctx context.Context, e account.Event) error {
	_, err := r.exec(ctx, `INSERT INTO events (id, type, user_id, device_id, source, campaign, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		e.ID, string(e.Type), store.NullString(e.UserID), store.NullString(e.DeviceID), e.Source, e.Campaign, e.CreatedAt.UTC())
	return err
}
