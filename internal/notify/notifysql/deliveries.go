package notifysql

import (
	"context"
	"database/sql"
	"strings"

	"lockers/internal/notify"
	"lockers/internal/store"
)

// Deliveries reads a batch of notifications, their recipients and the
// recipients' push tokens in three queries a chunk (a push job of many
// reminders read them one by one before: three queries each).
func (s *Store) Deliveries(ctx context.Context, ids []string) ([]notify.Delivery, error) {
	var out []notify.Delivery
	for i := 0; i < len(ids); i += chunk {
		part, err := s.deliveries(ctx, ids[i:min(i+chunk, len(ids))])
		if err != nil {
			return nil, err
		}
		out = append(out, part...)
	}
	return out, nil
}

func (s *Store) deliveries(ctx context.Context, ids []string) ([]notify.Delivery, error) {
	d := s.db.Dialect()
	var ns []notify.Notification
	err := store.EachRow(ctx, s.db, `SELECT `+columns+` FROM notifications WHERE id IN (`+strings.Join(marks(d, 0, len(ids)), ", ")+`)`,
		strs(ids), func(rows *sql.Rows) error {
			n, err := scan(rows)
			ns = append(ns, n)
			return err
		})
	if err != nil || len(ns) == 0 {
		return nil, err
	}
	var users []string
	seen := map[string]bool{}
	for _, n := range ns {
		if !seen[n.UserID] {
			seen[n.UserID] = true
			users = append(users, n.UserID)
		}
	}
	in := `IN (` + strings.Join(marks(d, 0, len(users)), ", ") + `)`
	recipients := map[string]notify.Recipient{}
	err = store.EachRow(ctx, s.db, `SELECT u.id, u.language, coalesce(u.email, ''), coalesce(u.phone_prefix || u.phone, ''),
		n.push, n.email, n.sms
		FROM users u LEFT JOIN notification_settings n ON n.user_id = u.id
		WHERE u.id `+in+` AND u.deleted_at IS NULL`, strs(users), func(rows *sql.Rows) error {
		r, err := scanRecipient(rows)
		recipients[r.UserID] = r
		return err
	})
	if err != nil {
		return nil, err
	}
	tokens := map[string][]notify.PushToken{}
	err = store.EachRow(ctx, s.db, `SELECT DISTINCT user_id, coalesce(push_type, ''), push_token FROM devices
		WHERE user_id `+in+` AND push_token IS NOT NULL AND push_token <> ''`, strs(users), func(rows *sql.Rows) error {
		var u string
		var t notify.PushToken
		err := rows.Scan(&u, &t.Type, &t.Token)
		tokens[u] = append(tokens[u], t)
		return err
	})
	if err != nil {
		return nil, err
	}
	out := make([]notify.Delivery, 0, len(ns))
	for _, n := range ns {
		if r, ok := recipients[n.UserID]; ok { // else the account is deleted
			out = append(out, notify.Delivery{Notification: n, Recipient: r, Tokens: tokens[n.UserID]})
		}
	}
	return out, nil
}

func strs(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}
