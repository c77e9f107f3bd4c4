package backoffice

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"
	"time"

	"lockers/internal/account"
	"lockers/internal/account/accountsql"
	"lockers/internal/apperr"
	"lockers/internal/identity"
	"lockers/internal/store"
)

// UserRow is a user as the back office lists them.
type UserRow struct {
	ID         string
	Email      string // empty once deleted
	FirstName  string
	LastName   string
	Phone      string // "+3725551234" when verified, else ""
	Roles      []string
	CreatedAt  time.Time
	BlockedAt  time.Time
	DeletedAt  time.Time
	VerifiedAt time.Time
}

// UserFilter is a user search: Query matches e-mail, name or phone (part of
// any, case-insensitive).
type UserFilter struct {
	Query  string
	Cursor string
	Limit  int
}

// UserPage is one page of users, newest first.
type UserPage struct {
	Users []UserRow
	Next  string
}

const userRowColumns = `u.id, u.email, u.first_name, u.last_name, u.phone_prefix, u.phone, u.created_at,
	u.blocked_at, u.deleted_at, u.verified_at`

func scanUserRow(row interface{ Scan(...any) error }) (UserRow, error) {
	var (
		u                          UserRow
		email, prefix, phone       sql.NullString
		blocked, deleted, verified sql.NullTime
	)
	if err := row.Scan(&u.ID, &email, &u.FirstName, &u.LastName, &prefix, &phone, &u.CreatedAt, &blocked, &deleted,
		&verified); err != nil {
		return UserRow{}, err
	}
	u.Email, u.Phone = email.String, prefix.String+phone.String
	u.CreatedAt, u.BlockedAt, u.DeletedAt, u.VerifiedAt = u.CreatedAt.UTC(), opt(blocked), opt(deleted), opt(verified)
	u.Roles = []string{}
	return u, nil
}

func opt(t sql.NullTime) time.Time {
	if !t.Valid {
		return time.Time{}
	}
	return t.Time.UTC()
}

// userSearch is the text a search matches: e-mail, name and E.164 phone in
// one lower-cased string (on PostgreSQL a trigram index of 00013 covers this
// very expression).
const userSearch = `lower(coalesce(u.email, '') || ' ' || u.first_name || ' ' || u.last_name || ' ' ||
	coalesce(u.phone_prefix || u.phone, ''))`

// Users searches users, newest first, filtered and paged by key in SQL.
func (s *Service) Users(ctx context.Context, f UserFilter) (UserPage, error) {
	c, ok, err := decodeCursor(f.Cursor)
	if err != nil {
		return UserPage{}, err
	}
	q := strings.TrimSpace(f.Query)
	if len(q) > 200 {
		return UserPage{}, apperr.Field(apperr.BadInput, "query", "search text is too long")
	}
	var w where
	if q != "" {
		w.add(userSearch+` LIKE ? ESCAPE '\'`, searchPattern(q))
	}
	w.after(c, ok, "u.created_at", "u.id")
	n := limit(f.Limit)
	if len([]rune(q)) >= 3 {
		// Walking users newest first reads every user for a rare match, so a
		// trigram index (00013: pg_trgm on PostgreSQL, an FTS5 trigram table
		// on SQLite) gathers up to rareMatches matches first, sorted here;
		// more than that is a common term, which the walk finds at once.
		rw := where{conds: append([]string{}, w.conds...), args: append([]any{}, w.args...)}
		if s.db.Dialect() == store.SQLite {
			rw = where{}
			rw.add(`u.rowid IN (SELECT rowid FROM users_search WHERE users_search MATCH ?)`, ftsPhrase(q))
			rw.after(c, ok, "u.created_at", "u.id")
		}
		page, rare, err := s.usersRare(ctx, rw, n)
		if err != nil {
			return UserPage{}, internal("users", err)
		}
		if rare {
			return page, internal("users", s.fillRoles(ctx, page.Users))
		}
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+userRowColumns+` FROM users u`+w.sql()+
		` ORDER BY u.created_at DESC, u.id DESC LIMIT `+w.arg(n+1), w.args...)
	if err != nil {
		return UserPage{}, internal("users", err)
	}
	page, err := userPage(rows, n)
	if err != nil {
		return UserPage{}, internal("users", err)
	}
	return page, internal("users", s.fillRoles(ctx, page.Users))
}

// ftsPhrase is q as an FTS5 phrase: with the trigram tokenizer it matches q
// anywhere in the text, in any case, like LIKE '%q%'.
func ftsPhrase(q string) string {
	return `"` + strings.ReplaceAll(strings.ToLower(q), `"`, `""`) + `"`
}

// rareMatches bounds the matches a search sorts itself (see Users).
const rareMatches = 300

// usersRare answers a search from its matches when there are fewer than
// rareMatches; rare is false (and the page empty) otherwise.
func (s *Service) usersRare(ctx context.Context, w where, n int) (UserPage, bool, error) {
	var total int
	// The bound is written into the text, not passed: PostgreSQL plans a
	// statement it ran five times once for any parameters, and with an unknown
	// LIMIT that plan walked the users (65 ms at 100,000) instead of the index.
	rows, err := s.db.QueryContext(ctx, `WITH m AS MATERIALIZED (SELECT * FROM users u`+w.sql()+` LIMIT `+strconv.Itoa(rareMatches)+`)
		SELECT `+userRowColumns+`, (SELECT count(*) FROM m) FROM m u
		ORDER BY u.created_at DESC, u.id DESC LIMIT `+w.arg(n+1), w.args...)
	if err != nil {
		return UserPage{}, false, err
	}
	var page UserPage
	for rows.Next() {
		var (
			u   UserRow
			err error
		)
		if u, err = scanUserRow(counted{rows, &total}); err != nil {
			rows.Close()
			return UserPage{}, false, err
		}
		page.Users = append(page.Users, u)
	}
	rows.Close()
	if err := rows.Err(); err != nil || total >= rareMatches {
		return UserPage{}, false, err
	}
	return finishUserPage(page, n), true, nil
}

// counted scans a user row followed by one more column, a count.
type counted struct {
	rows  *sql.Rows
	total *int
}

func (c counted) Scan(dest ...any) error { return c.rows.Scan(append(dest, c.total)...) }

// userPage reads a page of user rows (n+1 asked: one more says there is a next page).
func userPage(rows *sql.Rows, n int) (UserPage, error) {
	var out UserPage
	for rows.Next() {
		u, err := scanUserRow(rows)
		if err != nil {
			rows.Close()
			return UserPage{}, err
		}
		out.Users = append(out.Users, u)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return UserPage{}, err
	}
	return finishUserPage(out, n), nil
}

// finishUserPage trims the row that says there is a next page and sets its cursor.
func finishUserPage(out UserPage, n int) UserPage {
	if len(out.Users) > n {
		out.Users = out.Users[:n]
		last := out.Users[n-1]
		out.Next = cursor{At: last.CreatedAt, ID: last.ID}.encode()
	}
	return out
}

// fillRoles loads the roles of a page of users in one query.
func (s *Service) fillRoles(ctx context.Context, users []UserRow) error {
	if len(users) == 0 {
		return nil
	}
	var w where
	ph := make([]string, len(users))
	idx := make(map[string]int, len(users))
	for i, u := range users {
		ph[i] = w.arg(u.ID)
		idx[u.ID] = i
	}
	rows, err := s.db.QueryContext(ctx, `SELECT user_id, role FROM user_roles WHERE user_id IN (`+
		strings.Join(ph, ", ")+`) ORDER BY role`, w.args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id, role string
		if err := rows.Scan(&id, &role); err != nil {
			return err
		}
		users[idx[id]].Roles = append(users[idx[id]].Roles, role)
	}
	return rows.Err()
}

// userRow loads one user (deleted ones too) or USER_NOT_FOUND.
// liveUser reads a user an operator may still change: a deleted (anonymised)
// one is USER_NOT_FOUND.
func (s *Service) liveUser(ctx context.Context, q store.Querier, id string) (UserRow, error) {
	u, err := s.userRow(ctx, q, id)
	if err == nil && !u.DeletedAt.IsZero() {
		return UserRow{}, userNotFound()
	}
	return u, err
}

func (s *Service) userRow(ctx context.Context, q store.Querier, id string) (UserRow, error) {
	if !validID(id) {
		return UserRow{}, userNotFound()
	}
	u, err := scanUserRow(q.QueryRowContext(ctx, `SELECT `+userRowColumns+` FROM users u WHERE u.id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return UserRow{}, userNotFound()
	}
	if err != nil {
		return UserRow{}, err
	}
	us := []UserRow{u}
	if err := fillRolesQ(ctx, q, us); err != nil {
		return UserRow{}, err
	}
	return us[0], nil
}

func fillRolesQ(ctx context.Context, q store.Querier, us []UserRow) error {
	rows, err := q.QueryContext(ctx, `SELECT role FROM user_roles WHERE user_id = $1 ORDER BY role`, us[0].ID)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var r string
		if err := rows.Scan(&r); err != nil {
			return err
		}
		us[0].Roles = append(us[0].Roles, r)
	}
	return rows.Err()
}

func userNotFound() error { return apperr.New(apperr.UserNotFound, "User not found") }

// SetRole grants (on) or revokes (off) a back-office role. An operator cannot
// take ADMIN from themselves, so the service never loses its last way in by a
// slip of the hand.
func (s *Service) SetRole(ctx context.Context, userID, role string, on bool) (UserRow, error) {
	if role != identity.RoleAdmin && role != identity.RoleManager {
		return UserRow{}, apperr.Field(apperr.BadInput, "role", "role must be ADMIN or MANAGER")
	}
	p, err := actor(ctx)
	if err != nil {
		return UserRow{}, err
	}
	if !on && role == identity.RoleAdmin && p.UserID == userID {
		return UserRow{}, apperr.New(apperr.Cant, "you cannot take the ADMIN role from yourself")
	}
	action := "admin.users.grantRole"
	if !on {
		action = "admin.users.revokeRole"
	}
	var after UserRow
	err = s.write(ctx, action, "user", userID, "", func(tx *store.Tx, _ time.Time) (change, error) {
		before, err := s.liveUser(ctx, tx, userID)
		if err != nil {
			return change{}, err
		}
		users, _ := accountsql.InTx(tx)
		if on {
			err = users.GrantRole(ctx, userID, role)
		} else {
			err = users.RevokeRole(ctx, userID, role)
		}
		if err != nil {
			return change{}, err
		}
		if after, err = s.userRow(ctx, tx, userID); err != nil {
			return change{}, err
		}
		return change{Before: map[string]any{"roles": before.Roles}, After: map[string]any{"roles": after.Roles}}, nil
	})
	return after, err
}

// SetBlocked blocks or unblocks a user. Blocking ends every session of theirs
// in the same transaction, so their next call is already anonymous; login
// then answers account.ErrBlocked. An operator cannot block themselves.
func (s *Service) SetBlocked(ctx context.Context, userID string, blocked bool) (UserRow, error) {
	p, err := actor(ctx)
	if err != nil {
		return UserRow{}, err
	}
	if blocked && p.UserID == userID {
		return UserRow{}, apperr.New(apperr.Cant, "you cannot block yourself")
	}
	action := "admin.users.block"
	if !blocked {
		action = "admin.users.unblock"
	}
	var after UserRow
	err = s.write(ctx, action, "user", userID, "", func(tx *store.Tx, now time.Time) (change, error) {
		before, err := s.liveUser(ctx, tx, userID)
		if err != nil {
			return change{}, err
		}
		users, sessions := accountsql.InTx(tx)
		at := time.Time{}
		if blocked {
			at = now
			if !before.BlockedAt.IsZero() {
				at = before.BlockedAt // blocking twice keeps the first time
			}
			if err := sessions.RevokeUserSessions(ctx, userID, now); err != nil {
				return change{}, err
			}
		}
		if err := users.SetBlocked(ctx, userID, at); err != nil {
			return change{}, mapAccountErr(err)
		}
		if after, err = s.userRow(ctx, tx, userID); err != nil {
			return change{}, err
		}
		return change{Before: map[string]any{"blockedAt": timeOrNil(before.BlockedAt)},
			After: map[string]any{"blockedAt": timeOrNil(after.BlockedAt)}}, nil
	})
	return after, err
}

// DeleteUser erases a user's personal data with the same step as self-deletion
// (account EraseUser); the reason is required (MISSING_NOTE).
func (s *Service) DeleteUser(ctx context.Context, userID, reason string) error {
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return apperr.Field(apperr.MissingNote, "reason", "Missing Note")
	}
	if len(reason) > 1000 {
		return apperr.Field(apperr.BadInput, "reason", "reason is too long")
	}
	p, err := actor(ctx)
	if err != nil {
		return err
	}
	if p.UserID == userID {
		return apperr.New(apperr.Cant, "delete your own account from your profile")
	}
	return s.write(ctx, "admin.users.delete", "user", userID, reason, func(tx *store.Tx, now time.Time) (change, error) {
		before, err := s.liveUser(ctx, tx, userID)
		if err != nil {
			return change{}, err
		}
		users, _ := accountsql.InTx(tx)
		if err := users.EraseUser(ctx, userID, reason, now); err != nil {
			return change{}, mapAccountErr(err)
		}
		// The audit keeps who the row was only as far as the operator needs to
		// find the entry again: the id (the personal data is gone on purpose).
		return change{Before: map[string]any{"deleted": false, "roles": before.Roles},
			After: map[string]any{"deleted": true}}, nil
	})
}

func mapAccountErr(err error) error {
	if errors.Is(err, account.ErrNotFound) {
		return userNotFound()
	}
	return err
}

func timeOrNil(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.UTC().Format(time.RFC3339)
}
