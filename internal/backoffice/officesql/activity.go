package officesql

import (
	"context"
	"database/sql"
	"encoding/base64"
	"fmt"
	"slices"
	"strings"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/backoffice"
)

// activitySource is how one table reads as log rows: its columns in the
// order ActivityRow scans them, and its time and id expressions for the
// keyset condition (each has an index on its time column, migration 00024).
type activitySource struct {
	from, at, id, user string
	where              string // always applies ("" for none)
	columns            string
}

var activityTables = map[string]activitySource{
	backoffice.SourceSignIn: {from: `sessions s JOIN devices dv ON dv.id = s.device_id`, at: `s.created_at`, id: `s.id`, user: `s.user_id`,
		columns: `s.id, s.created_at, s.user_id, 'signin', COALESCE(NULLIF(dv.device_name, ''), dv.platform), ''`},
	// A door row names its station and compartment, and for an operator's
	// open the operator: the audit row the open wrote just before its command
	// (one probe of audit_log_target_idx).
	backoffice.SourceDoor: {from: `door_commands d JOIN lockers l ON l.id = d.locker_id JOIN stations st ON st.id = d.station_id
		LEFT JOIN order_lockers ol ON ol.id = d.order_locker_id LEFT JOIN orders o ON o.id = ol.order_id`,
		at: `d.created_at`, id: `d.id`, user: `o.user_id`,
		columns: `d.id, d.created_at, o.user_id, d.reason, st.name || ' · ' || l.label || CASE WHEN d.reason = 'repair' THEN
			COALESCE(' · ' || (SELECT u.email FROM audit_log a JOIN users u ON u.id = a.actor_id
				WHERE a.target_type = 'compartment' AND a.target_id = CAST(d.locker_id AS TEXT)
				AND a.action = 'admin.stations.openDoor' AND a.created_at <= d.created_at
				ORDER BY a.created_at DESC LIMIT 1), '') ELSE '' END,
			CASE WHEN d.opened_at IS NOT NULL THEN 'opened' WHEN d.rejected_at IS NOT NULL THEN 'rejected' ELSE 'sent' END`},
	backoffice.SourcePayment: {from: `payments p`, at: `p.created_at`, id: `p.id`, user: `p.user_id`,
		columns: `p.id, p.created_at, p.user_id, p.state, p.order_id, p.amount_cents || ' ' || p.currency`},
	// A payment made and money given back are rows at their own times (the
	// attempt's row above keeps when it began): payments_paid_idx and
	// refunds_refunded_idx; a partial refund says so.
	backoffice.SourcePaid: {from: `payments p`, at: `p.paid_at`, id: `p.id`, user: `p.user_id`, where: `p.paid_at IS NOT NULL`,
		columns: `p.id, p.paid_at, p.user_id, 'paid', p.order_id, p.amount_cents || ' ' || p.currency`},
	backoffice.SourceRefund: {from: `refunds r`, at: `r.refunded_at`, id: `r.id`, user: `r.user_id`, where: `r.state = 'succeeded'`,
		columns: `r.id, r.refunded_at, r.user_id, CASE WHEN r.reason = 'partial' THEN 'partial' ELSE 'full' END, r.order_id,
			r.amount_cents || ' ' || r.currency`},
	backoffice.SourceWebhook: {from: `webhook_events w`, at: `w.received_at`, id: `w.provider || ':' || w.event_id`,
		columns: `w.provider || ':' || w.event_id, w.received_at, NULL, w.type, w.provider, ''`},
	// station_events keeps the station's id as the controller sent it (text).
	backoffice.SourceStation: {from: `station_events e LEFT JOIN stations st ON CAST(st.id AS TEXT) = e.station_id`, at: `e.received_at`,
		id: `e.id`, columns: `e.id, e.received_at, NULL, e.kind, COALESCE(st.name, e.station_id), ''`},
}

// Activity lists the server's log newest first, merged over its sources and
// paged by key: each source reads at most a page from its own index, and the
// merge keeps the newest.
func (s *Store) Activity(ctx context.Context, f backoffice.ActivityFilter) (backoffice.ActivityPage, error) {
	c, ok, err := decodeActivityCursor(f.Cursor)
	if err != nil {
		return backoffice.ActivityPage{}, err
	}
	sources := backoffice.ActivitySources
	if f.Source != "" {
		if !slices.Contains(backoffice.ActivitySources, f.Source) {
			return backoffice.ActivityPage{}, apperr.Field(apperr.BadInput, "source", "not a log source")
		}
		sources = []string{f.Source}
		if g, ok := backoffice.SourceGroups[f.Source]; ok {
			sources = g
		}
	}
	if f.UserID != "" && !validID(f.UserID) {
		return backoffice.ActivityPage{}, apperr.Field(apperr.BadInput, "userId", "not an id")
	}
	n := limit(f.Limit)
	var rows []backoffice.ActivityRow
	for _, src := range sources {
		t := activityTables[src]
		if f.UserID != "" && t.user == "" {
			continue
		}
		var w where
		if t.where != "" {
			w.add(t.where)
		}
		if f.UserID != "" {
			w.add(t.user+" = ?", f.UserID)
		}
		if !f.From.IsZero() {
			w.add(t.at+" >= ?", f.From.UTC())
		}
		if !f.To.IsZero() {
			w.add(t.at+" < ?", f.To.UTC())
		}
		if ok {
			// Rows of one instant are ordered by source, then id (newest first:
			// descending), so the cursor's source decides how its instant counts.
			switch mine, theirs := slices.Index(backoffice.ActivitySources, src), slices.Index(backoffice.ActivitySources, c.source); {
			case mine < theirs:
				w.add(t.at+" <= ?", c.At)
			case mine == theirs:
				w.add(fmt.Sprintf("(%s, %s) < (?, ?)", t.at, t.id), c.At, c.ID)
			default:
				w.add(t.at+" < ?", c.At)
			}
		}
		got, err := collect(ctx, s.db, func(r *sql.Rows) (backoffice.ActivityRow, error) {
			var (
				a               backoffice.ActivityRow
				user, subj, det sql.NullString
			)
			err := r.Scan(&a.ID, &a.At, &user, &a.What, &subj, &det)
			a.Source, a.At, a.UserID, a.Subject, a.Detail = src, a.At.UTC(), user.String, subj.String, det.String
			return a, err
		}, `SELECT `+t.columns+` FROM `+t.from+w.sql()+` ORDER BY `+t.at+` DESC, `+t.id+` DESC LIMIT `+w.arg(n+1), w.args...)
		if err != nil {
			return backoffice.ActivityPage{}, internal("activity "+src, err)
		}
		rows = append(rows, got...)
	}
	slices.SortFunc(rows, func(a, b backoffice.ActivityRow) int {
		if c := b.At.Compare(a.At); c != 0 {
			return c
		}
		if c := slices.Index(backoffice.ActivitySources, b.Source) - slices.Index(backoffice.ActivitySources, a.Source); c != 0 {
			return c
		}
		return strings.Compare(b.ID, a.ID)
	})
	out := backoffice.ActivityPage{Items: rows}
	if len(rows) > n {
		out.Items = rows[:n]
		last := rows[n-1]
		out.Next = activityCursor{cursor: cursor{At: last.At, ID: last.ID}, source: last.Source}.encode()
	}
	if err := s.nameUsers(ctx, out.Items); err != nil {
		return backoffice.ActivityPage{}, internal("activity users", err)
	}
	return out, nil
}

// nameUsers fills in the e-mail of each row's user with one read for the
// page (an operator reads people by e-mail, not by id; issue 46).
func (s *Store) nameUsers(ctx context.Context, rows []backoffice.ActivityRow) error {
	seen := map[string]bool{}
	var args []any
	var marks []string
	for _, r := range rows {
		if r.UserID != "" && !seen[r.UserID] && validID(r.UserID) {
			seen[r.UserID] = true
			args = append(args, r.UserID)
			marks = append(marks, fmt.Sprintf("$%d", len(args)))
		}
	}
	if len(args) == 0 {
		return nil
	}
	emails := map[string]string{}
	users, err := s.db.QueryContext(ctx, `SELECT id, email FROM users WHERE id IN (`+strings.Join(marks, ", ")+`)`, args...)
	if err != nil {
		return err
	}
	defer users.Close()
	for users.Next() {
		var id, email string
		if err := users.Scan(&id, &email); err != nil {
			return err
		}
		emails[id] = email
	}
	if err := users.Err(); err != nil {
		return err
	}
	for i := range rows {
		rows[i].UserEmail = emails[rows[i].UserID]
	}
	return nil
}

// activityCursor is the key of a page's last row: its time, source and id
// (ids of webhooks and station events are not UUIDs, so the token is its own).
type activityCursor struct {
	cursor
	source string
}

func (c activityCursor) encode() string {
	return base64.RawURLEncoding.EncodeToString([]byte(c.At.UTC().Format(time.RFC3339Nano) + "|" + c.source + "|" + c.ID))
}

func decodeActivityCursor(s string) (activityCursor, bool, error) {
	if s == "" {
		return activityCursor{}, false, nil
	}
	bad := apperr.Field(apperr.BadInput, "cursor", "cursor is not one this server gave")
	raw, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return activityCursor{}, false, bad
	}
	parts := strings.SplitN(string(raw), "|", 3)
	if len(parts) != 3 || !slices.Contains(backoffice.ActivitySources, parts[1]) || parts[2] == "" {
		return activityCursor{}, false, bad
	}
	at, err := time.Parse(time.RFC3339Nano, parts[0])
	if err != nil {
		return activityCursor{}, false, bad
	}
	return activityCursor{cursor: cursor{At: at.UTC(), ID: parts[2]}, source: parts[1]}, true, nil
}
