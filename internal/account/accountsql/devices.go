package accountsql

import (
	"context"
	"database/sql"
	"time"

	"lockers/internal/account"
	"lockers/internal/store"
)

// devices reads and updates the device record a session is on.
type devices struct{ conn }

func (r devices) DeviceBySession(ctx context.Context, sessionID string) (account.Device, error) {
	if !validID(sessionID) {
		return account.Device{}, account.ErrNotFound
	}
	var (
		d                    account.Device
		webview, kind, token sql.NullString
		created, updated     time.Time
	)
	err := r.q.QueryRowContext(ctx, `SELECT d.id, d.user_id, d.app_version, d.device_name, d.platform,
		d.model, d.os_version, d.webview_version, d.push_type, d.push_token, d.created_at, d.updated_at
		FROM sessions s JOIN devices d ON d.id = s.device_id WHERE s.id = $1`, sessionID).
		Scan(&d.ID, &d.UserID, &d.Info.AppVersion, &d.Info.DeviceName, &d.Info.Platform, &d.Info.Model,
			&d.Info.OSVersion, &webview, &kind, &token, &created, &updated)
	if err != nil {
		return account.Device{}, mapErr(err)
	}
	d.Info.WebViewVersion, d.PushType, d.PushToken = webview.String, kind.String, token.String
	d.CreatedAt, d.UpdatedAt = store.UTC(created), store.UTC(updated)
	return d, nil
}

func (r devices) SetPushToken(ctx context.Context, sessionID, kind, token string, at time.Time) error {
	if !validID(sessionID) {
		return account.ErrNotFound
	}
	return r.execOne(ctx, `UPDATE devices SET push_type = $2, push_token = $3, updated_at = $4
		WHERE id = (SELECT device_id FROM sessions WHERE id = $1)`, sessionID, kind, token, at.UTC())
}

// DropPushToken forgets a token the push service reports dead, on every
// device that has it (q: the database or a transaction). Notifications call
// it (notifysql) when a push comes back refused.
func DropPushToken(ctx context.Context, q store.Querier, token string) error {
	_, err := q.ExecContext(ctx, `UPDATE devices SET push_token = NULL, push_type = NULL WHERE push_token = $1`, token)
	return err
}
