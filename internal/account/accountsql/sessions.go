package accountsql

import (
	"context"
	"database/sql"
	"time"

	"lockers/internal/account"
	"lockers/internal/store"
)

// sessions keeps sign-ins; a session and its device record are written together.
type sessions struct{ conn }

func (r sessions) InsertSession(ctx context.Context, s account.Session, d account.Device) error {
	return r.atomic(ctx, func(r conn) error {
		i := d.Info
		_, err := r.exec(ctx, `INSERT INTO devices (id, user_id, app_version, device_name, platform, model,
			os_version, webview_version, push_type, push_token, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
			d.ID, d.UserID, i.AppVersion, i.DeviceName, i.Platform, i.Model, i.OSVersion,
			store.NullString(i.WebViewVersion), store.NullString(d.PushType), store.NullString(d.PushToken),
			d.CreatedAt.UTC(), d.UpdatedAt.UTC())
		if err != nil {
			return err
		}
		_, err = r.exec(ctx, `INSERT INTO sessions (id, user_id, device_id, token_hash, created_at,
			last_seen_at, expires_at, revoked_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
			s.ID, s.UserID, s.DeviceID, s.TokenHash, s.CreatedAt.UTC(), s.LastSeenAt.UTC(),
			s.ExpiresAt.UTC(), store.NullTime(s.RevokedAt))
		return err
	})
}

// TouchSession extends a live session and replaces its device's report; a
// revoked session is not brought back (ErrNotFound).
func (r sessions) TouchSession(ctx context.Context, sessionID string, info account.DeviceInfo, seen, expires time.Time) error {
	if !validID(sessionID) {
		return account.ErrNotFound
	}
	return r.atomic(ctx, func(r conn) error {
		err := r.execOne(ctx, `UPDATE sessions SET last_seen_at = $2, expires_at = $3
			WHERE id = $1 AND revoked_at IS NULL`, sessionID, seen.UTC(), expires.UTC())
		if err != nil {
			return err
		}
		return r.execOne(ctx, `UPDATE devices SET app_version = $2, device_name = $3, platform = $4,
			model = $5, os_version = $6, webview_version = $7, updated_at = $8
			WHERE id = (SELECT device_id FROM sessions WHERE id = $1)`,
			sessionID, info.AppVersion, info.DeviceName, info.Platform, info.Model, info.OSVersion,
			store.NullString(info.WebViewVersion), seen.UTC())
	})
}

func (r sessions) RevokeSession(ctx context.Context, sessionID string, at time.Time) error {
	if !validID(sessionID) {
		return account.ErrNotFound
	}
	// Revoking twice keeps the first time and is not an error (a repeated logout).
	return r.execChanging(ctx, sessionChanged+sessionID,
		`UPDATE sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL`, sessionID, at.UTC())
}

func (r sessions) RevokeUserSessions(ctx context.Context, userID string, at time.Time) error {
	if !validID(userID) {
		return nil
	}
	return r.execChanging(ctx, userChanged+userID,
		`UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL`, userID, at.UTC())
}

// SessionWithRoles is the session of a token hash and its user's roles in one
// query, for the authentication of every API call: a LEFT JOIN gives one row
// per role (one with a NULL role for a user without roles). Roles are sorted as
// users.Roles sorts them. Every call runs it, so the statement is kept prepared;
// on PostgreSQL the pool's answers are kept in the session cache (sessioncache.go).
func (r sessions) SessionWithRoles(ctx context.Context, hash string) (account.Session, []string, error) {
	var cache *sessionCache
	if r.db != nil { // not inside a transaction, which may see its own changes
		cache = cacheOf(r.db)
	}
	return cache.readThrough(hash, func() (account.Session, []string, error) { return r.readSessionWithRoles(ctx, hash) })
}

func (r sessions) readSessionWithRoles(ctx context.Context, hash string) (account.Session, []string, error) {
	rows, err := store.Prepared(r.q).QueryContext(ctx, `SELECT s.id, s.user_id, s.device_id, s.token_hash, s.created_at,
		s.last_seen_at, s.expires_at, s.revoked_at, ur.role
		FROM sessions s LEFT JOIN user_roles ur ON ur.user_id = s.user_id
		WHERE s.token_hash = $1 ORDER BY ur.role`, hash)
	if err != nil {
		return account.Session{}, nil, err
	}
	defer rows.Close()
	var (
		s                      account.Session
		created, seen, expires time.Time
		revoked                sql.NullTime
		role                   sql.NullString
		found                  bool
	)
	roles := []string{}
	for rows.Next() {
		if err := rows.Scan(&s.ID, &s.UserID, &s.DeviceID, &s.TokenHash, &created, &seen, &expires, &revoked, &role); err != nil {
			return account.Session{}, nil, err
		}
		found = true
		if role.Valid {
			roles = append(roles, role.String)
		}
	}
	if err := rows.Err(); err != nil {
		return account.Session{}, nil, err
	}
	if !found {
		return account.Session{}, nil, account.ErrNotFound
	}
	s.CreatedAt, s.LastSeenAt, s.ExpiresAt, s.RevokedAt = store.UTC(created), store.UTC(seen), store.UTC(expires), store.TimeOf(revoked)
	return s, roles, nil
}
