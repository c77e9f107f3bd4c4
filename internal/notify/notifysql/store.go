// Package notifysql keeps notifications, notification settings and what
// notifications last saw of each order, on SQLite and PostgreSQL.
package notifysql

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"slices"
	"time"

	"lockers/internal/account/accountsql"
	"lockers/internal/notify"
	"lockers/internal/store"
	"lockers/internal/txn"
)

// Store is notify.Store on a database.
type Store struct{ db *store.DB }

// New returns a Store on db.
func New(db *store.DB) *Store { return &Store{db: db} }

var _ notify.Store = (*Store)(nil)

// InTx runs fn in a writer transaction.
func (s *Store) InTx(ctx context.Context, fn func(tx txn.Tx) error) error {
	return s.db.InTx(ctx, func(tx *store.Tx) error { return fn(tx) })
}

const recipientSelect = `SELECT u.id, u.language, coalesce(u.email, ''), coalesce(u.phone_prefix || u.phone, ''),
	n.push, n.email, n.sms
	FROM users u LEFT JOIN notification_settings n ON n.user_id = u.id
	WHERE u.id = $1 AND u.deleted_at IS NULL`

func scanRecipient(row interface{ Scan(...any) error }) (notify.Recipient, error) {
	var (
		r                notify.Recipient
		push, email, sms sql.NullBool
	)
	err := row.Scan(&r.UserID, &r.Language, &r.Email, &r.Phone, &push, &email, &sms)
	if errors.Is(err, sql.ErrNoRows) {
		return r, notify.ErrNotFound
	}
	r.Settings = notify.DefaultSettings
	if push.Valid {
		r.Settings = notify.Settings{Push: push.Bool, Email: email.Bool, SMS: sms.Bool}
	}
	return r, err
}

// Recipient reads a live account's language, contacts and channels.
func (s *Store) Recipient(ctx context.Context, t txn.Tx, userID string) (notify.Recipient, error) {
	tx := store.TxOf(t)
	return scanRecipient(tx.Prepared().QueryRowContext(ctx, recipientSelect, userID))
}

// Insert adds n unless its id exists.
func (s *Store) Insert(ctx context.Context, t txn.Tx, n notify.Notification) (bool, error) {
	tx := store.TxOf(t)
	params, err := encodeParams(n.Params)
	if err != nil {
		return false, err
	}
	res, err := tx.Prepared().ExecContext(ctx, `INSERT INTO notifications (id, user_id, kind, order_id, params, title, body, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
		n.ID, n.UserID, string(n.Kind), store.NullString(n.OrderID), params, n.Title, n.Body, n.CreatedAt.UTC())
	if err != nil {
		return false, err
	}
	k, err := res.RowsAffected()
	return k == 1, err
}

// OrderState reads what notifications last saw of an order.
func (s *Store) OrderState(ctx context.Context, t txn.Tx, orderID string) (notify.OrderState, bool, error) {
	tx := store.TxOf(t)
	st := notify.OrderState{OrderID: orderID}
	var start, end, ended sql.NullInt64
	err := tx.Prepared().QueryRowContext(ctx, `SELECT status, ends_at, payment_state, refunded_cents, start_job, end_job, ended_job
		FROM order_notify_state WHERE order_id = $1`, orderID).
		Scan(&st.Status, &st.End, &st.PaymentState, &st.RefundedCents, &start, &end, &ended)
	if errors.Is(err, sql.ErrNoRows) {
		return notify.OrderState{}, false, nil
	}
	st.End = st.End.UTC()
	st.StartJob, st.EndJob, st.EndedJob = start.Int64, end.Int64, ended.Int64
	return st, err == nil, err
}

// SaveOrderState writes st over what was there.
func (s *Store) SaveOrderState(ctx context.Context, t txn.Tx, st notify.OrderState) error {
	tx := store.TxOf(t)
	_, err := tx.Prepared().ExecContext(ctx, `INSERT INTO order_notify_state
		(order_id, status, ends_at, payment_state, refunded_cents, start_job, end_job, ended_job)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
		ON CONFLICT (order_id) DO UPDATE SET status = excluded.status, ends_at = excluded.ends_at,
			payment_state = excluded.payment_state, refunded_cents = excluded.refunded_cents,
			start_job = excluded.start_job, end_job = excluded.end_job, ended_job = excluded.ended_job`,
		st.OrderID, st.Status, st.End.UTC(), st.PaymentState, st.RefundedCents, store.NullInt(st.StartJob),
		store.NullInt(st.EndJob), store.NullInt(st.EndedJob))
	return err
}

// OrderFacts reads what a reminder says about an order.
func (s *Store) OrderFacts(ctx context.Context, t txn.Tx, orderID string) (notify.OrderFacts, error) {
	tx := store.TxOf(t)
	var f notify.OrderFacts
	err := tx.Prepared().QueryRowContext(ctx, `SELECT o.id, o.user_id, o.status, o.starts_at, o.ends_at, s.name, s.time_zone,
		coalesce(o.payment_state, ''), o.refunded_cents
		FROM orders o JOIN stations s ON s.id = o.station_id WHERE o.id = $1`, orderID).
		Scan(&f.ID, &f.UserID, &f.Status, &f.Start, &f.End, &f.StationName, &f.StationZone, &f.PaymentState, &f.RefundedCents)
	if errors.Is(err, sql.ErrNoRows) {
		return f, notify.ErrNotFound
	}
	f.Start, f.End = f.Start.UTC(), f.End.UTC()
	return f, err
}

// RentalOf reads the order of an order locker.
func (s *Store) RentalOf(ctx context.Context, t txn.Tx, orderLockerID string) (notify.OrderFacts, error) {
	tx := store.TxOf(t)
	var orderID string
	err := tx.QueryRowContext(ctx, `SELECT order_id FROM order_lockers WHERE id = $1`, orderLockerID).Scan(&orderID)
	if errors.Is(err, sql.ErrNoRows) {
		return notify.OrderFacts{}, notify.ErrNotFound
	}
	if err != nil {
		return notify.OrderFacts{}, err
	}
	return s.OrderFacts(ctx, tx, orderID)
}

const columns = `id, user_id, kind, coalesce(CAST(order_id AS TEXT), ''), params, title, body, created_at, read_at`

func scan(row interface{ Scan(...any) error }) (notify.Notification, error) {
	var (
		n      notify.Notification
		readAt sql.NullTime
		params string
	)
	err := row.Scan(&n.ID, &n.UserID, &n.Kind, &n.OrderID, &params, &n.Title, &n.Body, &n.CreatedAt, &readAt)
	if err == nil {
		err = json.Unmarshal([]byte(params), &n.Params)
	}
	n.CreatedAt = n.CreatedAt.UTC()
	if readAt.Valid {
		t := readAt.Time.UTC()
		n.ReadAt = &t
	}
	return n, err
}

// List returns a page of the user's notifications, newest first.
func (s *Store) List(ctx context.Context, userID string, before notify.Cursor, limit int) ([]notify.Notification, error) {
	q := s.db.Prepared()
	var (
		rows *sql.Rows
		err  error
	)
	if before.ID == "" {
		rows, err = q.QueryContext(ctx, `SELECT `+columns+` FROM notifications WHERE user_id = $1
			ORDER BY created_at DESC, id DESC LIMIT $2`, userID, limit)
	} else {
		rows, err = q.QueryContext(ctx, `SELECT `+columns+` FROM notifications WHERE user_id = $1
			AND (created_at < $2 OR (created_at = $2 AND id < $3))
			ORDER BY created_at DESC, id DESC LIMIT $4`, userID, before.CreatedAt.UTC(), before.ID, limit)
	}
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := make([]notify.Notification, 0, limit)
	for rows.Next() {
		n, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, rows.Err()
}

// OfOrder returns the user's notifications about orderID of kinds, newest
// first. An order has a handful of notifications (its reminders and
// changes), so the kinds are picked here rather than in SQL.
func (s *Store) OfOrder(ctx context.Context, userID, orderID string, kinds []notify.Kind, limit int) ([]notify.Notification, error) {
	rows, err := s.db.Prepared().QueryContext(ctx, `SELECT `+columns+` FROM notifications WHERE user_id = $1 AND order_id = $2
		ORDER BY created_at DESC, id DESC`, userID, orderID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []notify.Notification{}
	for rows.Next() && len(out) < limit {
		n, err := scan(rows)
		if err != nil {
			return nil, err
		}
		if slices.Contains(kinds, n.Kind) {
			out = append(out, n)
		}
	}
	return out, rows.Err()
}

// Unread counts the user's unread notifications.
func (s *Store) Unread(ctx context.Context, userID string) (int, error) {
	var n int
	err := s.db.Prepared().QueryRowContext(ctx, `SELECT count(*) FROM notifications WHERE user_id = $1 AND read_at IS NULL`,
		userID).Scan(&n)
	return n, err
}

// MarkRead marks one of the user's notifications read; one read already keeps its time.
func (s *Store) MarkRead(ctx context.Context, userID, id string, at time.Time) error {
	var found int
	err := s.db.QueryRowContext(ctx, `SELECT 1 FROM notifications WHERE id = $1 AND user_id = $2`, id, userID).Scan(&found)
	if errors.Is(err, sql.ErrNoRows) {
		return notify.ErrNotFound
	}
	if err != nil {
		return err
	}
	_, err = s.db.ExecContext(ctx, `UPDATE notifications SET read_at = $3 WHERE id = $1 AND user_id = $2 AND read_at IS NULL`,
		id, userID, at.UTC())
	return err
}

// MarkAllRead marks every unread notification of the user read.
func (s *Store) MarkAllRead(ctx context.Context, userID string, at time.Time) (int, error) {
	res, err := s.db.ExecContext(ctx, `UPDATE notifications SET read_at = $2 WHERE user_id = $1 AND read_at IS NULL`,
		userID, at.UTC())
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// Settings reads the user's channels (the defaults until they saved some).
func (s *Store) Settings(ctx context.Context, userID string) (notify.Settings, error) {
	var st notify.Settings
	err := s.db.QueryRowContext(ctx, `SELECT push, email, sms FROM notification_settings WHERE user_id = $1`, userID).
		Scan(&st.Push, &st.Email, &st.SMS)
	if errors.Is(err, sql.ErrNoRows) {
		return notify.DefaultSettings, nil
	}
	return st, err
}

// SaveSettings writes the user's channels.
func (s *Store) SaveSettings(ctx context.Context, userID string, st notify.Settings, at time.Time) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO notification_settings (user_id, push, email, sms, updated_at)
		VALUES ($1, $2, $3, $4, $5) ON CONFLICT (user_id) DO UPDATE SET push = excluded.push, email = excluded.email,
		sms = excluded.sms, updated_at = excluded.updated_at`, userID, st.Push, st.Email, st.SMS, at.UTC())
	return err
}

// Delivery reads a notification and its recipient.
func (s *Store) Delivery(ctx context.Context, id string) (notify.Notification, notify.Recipient, error) {
	n, err := scan(s.db.QueryRowContext(ctx, `SELECT `+columns+` FROM notifications WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return n, notify.Recipient{}, notify.ErrNotFound
	}
	if err != nil {
		return n, notify.Recipient{}, err
	}
	r, err := scanRecipient(s.db.QueryRowContext(ctx, recipientSelect, n.UserID))
	return n, r, err
}

// PushTokens returns the push tokens of the user's devices.
func (s *Store) PushTokens(ctx context.Context, userID string) ([]notify.PushToken, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT DISTINCT coalesce(push_type, ''), push_token FROM devices
		WHERE user_id = $1 AND push_token IS NOT NULL AND push_token <> ''`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []notify.PushToken
	for rows.Next() {
		var t notify.PushToken
		if err := rows.Scan(&t.Type, &t.Token); err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// DropPushToken forgets a dead token on every device that has it, through
// the accounts store (devices are the accounts domain's).
func (s *Store) DropPushToken(ctx context.Context, token string) error {
	return accountsql.DropPushToken(ctx, s.db, token)
}

// encodeParams is a notification's params as stored: JSON, "{}" for none.
func encodeParams(p notify.Params) (string, error) {
	b, err := json.Marshal(p)
	return string(b), err
}
