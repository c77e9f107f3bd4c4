package accountsql

import (
	"context"
	"database/sql"
	"time"

	"lockers/internal/account"
	"lockers/internal/store"
)

// users keeps the accounts and their roles.
type users struct{ conn }

const userColumns = `id, email, first_name, last_name, phone_prefix, phone, phone_verified_at, language,
	default_station_id, password_hash, verified_at, terms_accepted_at, created_at, deleted_at, blocked_at`

// scanUser reads one row of userColumns.
func scanUser(row interface{ Scan(...any) error }) (account.User, error) {
	var (
		u                                       account.User
		email, prefix, phone, station, hash     sql.NullString
		phoneAt, verifiedAt, termsAt, deletedAt sql.NullTime
		blockedAt                               sql.NullTime
		created                                 time.Time
		lang                                    string
	)
	err := row.Scan(&u.ID, &email, &u.FirstName, &u.LastName, &prefix, &phone, &phoneAt, &lang,
		&station, &hash, &verifiedAt, &termsAt, &created, &deletedAt, &blockedAt)
	if err != nil {
		return account.User{}, mapErr(err)
	}
	u.Email, u.PhonePrefix, u.Phone = email.String, prefix.String, phone.String
	u.DefaultStationID, u.PasswordHash = station.String, hash.String
	u.Language = account.Language(lang)
	u.PhoneVerifiedAt, u.VerifiedAt = store.TimeOf(phoneAt), store.TimeOf(verifiedAt)
	u.TermsAcceptedAt, u.DeletedAt = store.TimeOf(termsAt), store.TimeOf(deletedAt)
	u.CreatedAt, u.BlockedAt = store.UTC(created), store.TimeOf(blockedAt)
	return u, nil
}

// withRoles fills u.Roles.
func (r users) withRoles(ctx context.Context, u account.User, err error) (account.User, error) {
	if err != nil {
		return account.User{}, err
	}
	if u.Roles, err = r.Roles(ctx, u.ID); err != nil {
		return account.User{}, err
	}
	return u, nil
}

func (r users) UserByID(ctx context.Context, id string) (account.User, error) {
	if !validID(id) {
		return account.User{}, account.ErrNotFound
	}
	u, err := scanUser(r.q.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE id = $1`, id))
	return r.withRoles(ctx, u, err)
}

func (r users) UserByEmail(ctx context.Context, email string) (account.User, error) {
	u, err := scanUser(r.q.QueryRowContext(ctx,
		`SELECT `+userColumns+` FROM users WHERE email = $1 AND deleted_at IS NULL`, email))
	return r.withRoles(ctx, u, err)
}

func (r users) InsertUser(ctx context.Context, u account.User) error {
	_, err := r.exec(ctx, `INSERT INTO users (id, email, first_name, last_name, phone_prefix, phone,
		phone_verified_at, language, default_station_id, password_hash, verified_at, terms_accepted_at,
		created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)`,
		u.ID, u.Email, u.FirstName, u.LastName, store.NullString(u.PhonePrefix), store.NullString(u.Phone),
		store.NullTime(u.PhoneVerifiedAt), language(u.Language), store.NullString(u.DefaultStationID),
		store.NullString(u.PasswordHash), store.NullTime(u.VerifiedAt), store.NullTime(u.TermsAcceptedAt), u.CreatedAt.UTC())
	return err
}

// language stores the default for an unset language.
func language(l account.Language) string {
	if l == "" {
		return string(account.English)
	}
	return string(l)
}

func (r users) UpdateProfile(ctx context.Context, u account.User) error {
	if !validID(u.ID) {
		return account.ErrNotFound
	}
	return r.execOne(ctx, `UPDATE users SET first_name = $2, last_name = $3, language = $4,
		default_station_id = $5, phone_prefix = $6, phone = $7, phone_verified_at = $8,
		terms_accepted_at = $9, updated_at = $10
		WHERE id = $1 AND deleted_at IS NULL`,
		u.ID, u.FirstName, u.LastName, language(u.Language), store.NullString(u.DefaultStationID),
		store.NullString(u.PhonePrefix), store.NullString(u.Phone), store.NullTime(u.PhoneVerifiedAt),
		store.NullTime(u.TermsAcceptedAt), time.Now().UTC())
}

func (r users) SetPassword(ctx context.Context, userID, hash string, verifiedAt time.Time) error {
	if !validID(userID) {
		return account.ErrNotFound
	}
	// COALESCE keeps an earlier verification time.
	return r.execOne(ctx, `UPDATE users SET password_hash = $2,
		verified_at = COALESCE(verified_at, $3), updated_at = $4
		WHERE id = $1 AND deleted_at IS NULL`,
		userID, hash, store.NullTime(verifiedAt), time.Now().UTC())
}

func (r users) UserIDByPhone(ctx context.Context, prefix, phone string) (string, error) {
	var id string
	// Compared as one E.164 number, like the unique index users_phone_idx.
	err := r.q.QueryRowContext(ctx, `SELECT id FROM users
		WHERE phone_prefix || phone = $1 AND phone_verified_at IS NOT NULL AND deleted_at IS NULL`,
		prefix+phone).Scan(&id)
	return id, mapErr(err)
}

// EraseUser anonymises the row and drops everything that identifies the person.
// Coupons stay (their subject is a hash, and orders refer to them); events lose
// their device.
func (r users) EraseUser(ctx context.Context, userID, reason string, at time.Time) error {
	if !validID(userID) {
		return account.ErrNotFound
	}
	return r.atomic(ctx, func(r conn) error {
		var email sql.NullString
		err := r.q.QueryRowContext(ctx, `SELECT email FROM users WHERE id = $1 AND deleted_at IS NULL`, userID).Scan(&email)
		if err != nil {
			return mapErr(err)
		}
		for _, q := range []string{
			`DELETE FROM sessions WHERE user_id = $1`,
			`DELETE FROM devices WHERE user_id = $1`,
			`DELETE FROM user_roles WHERE user_id = $1`,
			`DELETE FROM verifications WHERE user_id = $1`,
			`DELETE FROM login_clients WHERE user_id = $1`,
			`DELETE FROM login_unlocks WHERE user_id = $1`,
		} {
			if _, err := r.exec(ctx, q, userID); err != nil {
				return err
			}
		}
		// Codes asked for the address without an owner (a reset before sign-up).
		if _, err := r.exec(ctx, `DELETE FROM verifications WHERE target = $1`, email.String); err != nil {
			return err
		}
		r.changed(userChanged + userID)
		return r.execOne(ctx, `UPDATE users SET email = NULL, first_name = '', last_name = '',
			phone_prefix = NULL, phone = NULL, phone_verified_at = NULL, default_station_id = NULL,
			password_hash = NULL, deleted_at = $2, delete_reason = $3, updated_at = $2
			WHERE id = $1`, userID, at.UTC(), reason)
	})
}

func (r users) GrantRole(ctx context.Context, userID, role string) error {
	if !validID(userID) {
		return account.ErrNotFound
	}
	return r.execChanging(ctx, userChanged+userID, `INSERT INTO user_roles (user_id, role) VALUES ($1, $2)
		ON CONFLICT (user_id, role) DO NOTHING`, userID, role)
}

func (r users) RevokeRole(ctx context.Context, userID, role string) error {
	if !validID(userID) {
		return account.ErrNotFound
	}
	return r.execChanging(ctx, userChanged+userID, `DELETE FROM user_roles WHERE user_id = $1 AND role = $2`, userID, role)
}

func (r users) SetBlocked(ctx context.Context, userID string, at time.Time) error {
	if !validID(userID) {
		return account.ErrNotFound
	}
	var blocked any // SQL NULL unblocks
	if !at.IsZero() {
		blocked = at.UTC()
	}
	return r.execOne(ctx, `UPDATE users SET blocked_at = $2 WHERE id = $1 AND deleted_at IS NULL`, userID, blocked)
}

func (r users) Roles(ctx context.Context, userID string) ([]string, error) {
	if !validID(userID) {
		return nil, nil
	}
	rows, err := r.q.QueryContext(ctx, `SELECT role FROM user_roles WHERE user_id = $1 ORDER BY role`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	roles := []string{}
	for rows.Next() {
		var role string
		if err := rows.Scan(&role); err != nil {
			return nil, err
		}
		roles = append(roles, role)
	}
	return roles, rows.Err()
}
