package notifysql

import (
	"context"
	"fmt"
	"strings"

	"lockers/internal/notify"
	"lockers/internal/store"
	"lockers/internal/txn"
)

// chunk bounds the rows of one statement (7 parameters a row stays far under
// both engines' limits).
const chunk = 500

// marks are n placeholders from the (k+1)th: SQLite's ? (SQLite finds a
// numbered $k by a linear search of those before it, so a statement of
// thousands of $k spent most of its time being parsed), PostgreSQL's $k.
func marks(d store.Dialect, k, n int) []string {
	out := make([]string, n)
	for i := range out {
		if d == store.Postgres {
			out[i] = fmt.Sprintf("$%d", k+i+1)
		} else {
			out[i] = "?"
		}
	}
	return out
}

// OrderFactsMany reads the orders of a batch of reminders in one query a chunk.
func (s *Store) OrderFactsMany(ctx context.Context, t txn.Tx, ids []string) (map[string]notify.OrderFacts, error) {
	tx := store.TxOf(t)
	out := make(map[string]notify.OrderFacts, len(ids))
	for i := 0; i < len(ids); i += chunk {
		part := ids[i:min(i+chunk, len(ids))]
		args := make([]any, len(part))
		for j, id := range part {
			args[j] = id
		}
		rows, err := tx.QueryContext(ctx, `SELECT o.id, o.user_id, o.status, o.starts_at, o.ends_at, s.name, s.time_zone,
			coalesce(o.payment_state, ''), o.refunded_cents
			FROM orders o JOIN stations s ON s.id = o.station_id WHERE o.id IN (`+strings.Join(marks(tx.Dialect(), 0, len(part)), ", ")+`)`, args...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var f notify.OrderFacts
			if err := rows.Scan(&f.ID, &f.UserID, &f.Status, &f.Start, &f.End, &f.StationName, &f.StationZone, &f.PaymentState,
				&f.RefundedCents); err != nil {
				rows.Close()
				return nil, err
			}
			f.Start, f.End = f.Start.UTC(), f.End.UTC()
			out[f.ID] = f
		}
		if err := rows.Close(); err != nil {
			return nil, err
		}
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// InsertMany adds the notifications in multi-row inserts; those whose id
// exists already are skipped, and the ids inserted are returned.
func (s *Store) InsertMany(ctx context.Context, t txn.Tx, ns []notify.Notification) ([]string, error) {
	tx := store.TxOf(t)
	var inserted []string
	for i := 0; i < len(ns); i += chunk {
		part := ns[i:min(i+chunk, len(ns))]
		rows := make([]string, len(part))
		args := make([]any, 0, 8*len(part))
		for j, n := range part {
			params, err := encodeParams(n.Params)
			if err != nil {
				return nil, err
			}
			rows[j] = "(" + strings.Join(marks(tx.Dialect(), len(args), 8), ", ") + ")"
			args = append(args, n.ID, n.UserID, string(n.Kind), store.NullString(n.OrderID), params, n.Title, n.Body, n.CreatedAt.UTC())
		}
		res, err := tx.QueryContext(ctx, `INSERT INTO notifications (id, user_id, kind, order_id, params, title, body, created_at)
			VALUES `+strings.Join(rows, ", ")+` ON CONFLICT (id) DO NOTHING RETURNING CAST(id AS TEXT)`, args...)
		if err != nil {
			return nil, err
		}
		for res.Next() {
			var id string
			if err := res.Scan(&id); err != nil {
				res.Close()
				return nil, err
			}
			inserted = append(inserted, id)
		}
		if err := res.Close(); err != nil {
			return nil, err
		}
		if err := res.Err(); err != nil {
			return nil, err
		}
	}
	return inserted, nil
}
