package paymentsql

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"lockers/internal/payment"
	"lockers/internal/store"
)

// The notification inbox lives in webhook_events: a row per verified
// notification, with the notification in our terms (payload) so it can be
// applied without the provider's signature, and applied_at once applied.

func (s *Store) Receive(ctx context.Context, ev payment.Event, at time.Time) (bool, error) {
	payload, err := json.Marshal(ev)
	if err != nil {
		return false, err
	}
	res, err := s.db.Prepared().ExecContext(ctx, `INSERT INTO webhook_events (provider, event_id, type, received_at, payload)
		VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`, ev.Provider, ev.ID, ev.Type, at.UTC(), string(payload))
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (s *Store) Unapplied(ctx context.Context, receivedBefore, now time.Time, limit int) ([]payment.Inboxed, error) {
	rows, err := s.db.Prepared().QueryContext(ctx, `SELECT payload, attempts FROM webhook_events
		WHERE applied_at IS NULL AND received_at < $1 AND (retry_at IS NULL OR retry_at <= $2)
		ORDER BY received_at LIMIT $3`, receivedBefore.UTC(), now.UTC(), limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []payment.Inboxed
	for rows.Next() {
		var (
			payload string
			in      payment.Inboxed
		)
		if err := rows.Scan(&payload, &in.Attempts); err != nil {
			return nil, err
		}
		if err := json.Unmarshal([]byte(payload), &in.Event); err != nil {
			return nil, fmt.Errorf("paymentsql: a recorded notification is unreadable: %w", err)
		}
		out = append(out, in)
	}
	return out, rows.Err()
}

// Retry writes, so it runs in a transaction (UPDATE ... RETURNING needs the
// writer on SQLite); it is the rare path.
func (s *Store) Retry(ctx context.Context, provider, eventID string, next time.Time, failure string) (int, error) {
	var attempts int
	err := s.db.InTx(ctx, func(tx *store.Tx) error {
		return tx.QueryRowContext(ctx, `UPDATE webhook_events SET attempts = attempts + 1, retry_at = $3, failure = $4
			WHERE provider = $1 AND event_id = $2 RETURNING attempts`, provider, eventID, next.UTC(), failure).Scan(&attempts)
	})
	return attempts, err
}
