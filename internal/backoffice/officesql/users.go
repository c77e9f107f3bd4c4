package officesql

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"

	"lockers/internal/apperr"
	"lockers/internal/backoffice"
	"lockers/internal/store"
)

const userRowColumns = `u.id, u.email, u.first_name, u.last_name, u.phone_prefix, u.phone, u.created_at,
	u.blocked_at, u.deleted_at, u.verified_at`

func scanUserRow(row interface{ Scan(...any) error }) (backoffice.UserRow, error) {
	var (
		u                          backoffice.UserRow
		email, prefix, phone       sql.NullString
		blocked, deleted, verified sql.NullTime
	)
	if err := row.Scan(&u.ID, &email, &u.FirstName, &u.LastName, &prefix, &phone, &u.CreatedAt, &blocked, &deleted,
		&verified); err != nil {
		return backoffice.UserRow{}, err
	}
	u.Email, u.Phone = email.String, prefix.String+phone.String
	u.CreatedAt, u.BlockedAt, u.DeletedAt, u.VerifiedAt = u.CreatedAt.UTC(), store.TimeOf(blocked), store.TimeOf(deleted), store.TimeOf(verified)
	u.Roles = []string{}
	return u, nil
}

// userSearch is the text a search matches: e-mail, name and E.164 phone in
// one lower-cased string (on PostgreSQL a trigram index of 00013 covers this
// very expression).
const userSearch = `lower(coalesce(u.email, '') || ' ' || u.first_name || ' ' || u.last_name || ' ' ||
	coalesce(u.phone_prefix || u.phone, ''))`

// Users searches users, newest first, filtered and paged by key in SQL.
func (s *Store) Users(ctx context.Context, f backoffice.UserFilter) (backoffice.UserPage, error) {
	c, ok, err := decodeCursor(f.Cursor)
	if err != nil {
		return backoffice.UserPage{}, err
	}
	q := phoneQuery(strings.TrimSpace(f.Query))
	if len(q) > 200 {
		return backoffice.UserPage{}, apperr.Field(apperr.BadInput, "query", "search text is too long")
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
			return backoffice.UserPage{}, internal("users", err)
		}
		if rare {
			return page, internal("users", s.fillRoles(ctx, page.Users))
		}
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+userRowColumns+` FROM users u`+w.sql()+
		` ORDER BY u.created_at DESC, u.id DESC LIMIT `+w.arg(n+1), w.args...)
	if err != nil {
		return backoffice.UserPage{}, internal("users", err)
	}
	page, err := userPage(rows, n)
	if err != nil {
		return backoffice.UserPage{}, internal("users", err)
	}
	return page, internal("users", s.fillRoles(ctx, page.Users))
}

// phoneQuery turns a search that is a phone number as people write it
// ("+372 555 1234", "555-12 34", "(372) 5551234") into the digits the stored
// E.164 number has ("+3725551234"), keeping the plus: the search matches any
// part of it. Any other search is kept as it is.
func phoneQuery(q string) string {
	digits := 0
	var b strings.Builder
	for i, r := range q {
		switch {
		case r >= '0' && r <= '9':
			digits++
			b.WriteRune(r)
		case r == '+' && i == 0:
			b.WriteRune(r)
		case r == ' ' || r == '-' || r == '(' || r == ')' || r == '.' || r == '\u00a0':
		default:
			return q
		}
	}
	if digits < 3 {
		return q
	}
	return b.String()
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
func (s *Store) usersRare(ctx context.Context, w where, n int) (backoffice.UserPage, bool, error) {
	var total int
	// The bound is written into the text, not passed: PostgreSQL plans a
	// statement it ran five times once for any parameters, and with an unknown
	// LIMIT that plan walked the users (65 ms at 100,000) instead of the index.
	rows, err := s.db.QueryContext(ctx, `WITH m AS MATERIALIZED (SELECT * FROM users u`+w.sql()+` LIMIT `+strconv.Itoa(rareMatches)+`)
		SELECT `+userRowColumns+`, (SELECT count(*) FROM m) FROM m u
		ORDER BY u.created_at DESC, u.id DESC LIMIT `+w.arg(n+1), w.args...)
	if err != nil {
		return backoffice.UserPage{}, false, err
	}
	var page backoffice.UserPage
	for rows.Next() {
		var (
			u   backoffice.UserRow
			err error
		)
		if u, err = scanUserRow(counted{rows, &total}); err != nil {
			rows.Close()
			return backoffice.UserPage{}, false, err
		}
		page.Users = append(page.Users, u)
	}
	rows.Close()
	if err := rows.Err(); err != nil || total >= rareMatches {
		return backoffice.UserPage{}, false, err
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
func userPage(rows *sql.Rows, n int) (backoffice.UserPage, error) {
	var out backoffice.UserPage
	for rows.Next() {
		u, err := scanUserRow(rows)
		if err != nil {
			rows.Close()
			return backoffice.UserPage{}, err
		}
		out.Users = append(out.Users, u)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return backoffice.UserPage{}, err
	}
	return finishUserPage(out, n), nil
}

// finishUserPage trims the row that says there is a next page and sets its cursor.
func finishUserPage(out backoffice.UserPage, n int) backoffice.UserPage {
	if len(out.Users) > n {
		out.Users = out.Users[:n]
		last := out.Users[n-1]
		out.Next = cursor{At: last.CreatedAt, ID: last.ID}.encode()
	}
	return out
}

// fillRoles loads the roles of a page of users in one query.
func (s *Store) fillRoles(ctx context.Context, users []backoffice.UserRow) error {
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
func (s *Store) liveUser(ctx context.Context, q store.Querier, id string) (backoffice.UserRow, error) {
	u, err := s.userRow(ctx, q, id)
	if err == nil && !u.DeletedAt.IsZero() {
		return backoffice.UserRow{}, userNotFound()
	}
	return u, err
}

func (s *Store) userRow(ctx context.Context, q store.Querier, id string) (backoffice.UserRow, error) {
	if !validID(id) {
		return backoffice.UserRow{}, userNotFound()
	}
	u, err := scanUserRow(q.QueryRowContext(ctx, `SELECT `+userRowColumns+` FROM users u WHERE u.id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return backoffice.UserRow{}, userNotFound()
	}
	if err != nil {
		return backoffice.UserRow{}, err
	}
	us := []backoffice.UserRow{u}
	if err := fillRolesQ(ctx, q, us); err != nil {
		return backoffice.UserRow{}, err
	}
	return us[0], nil
}

func fillRolesQ(ctx context.Context, q store.Querier, us []backoffice.UserRow) error {
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
