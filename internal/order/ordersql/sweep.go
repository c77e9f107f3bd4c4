package ordersql

import (
	"context"
	"time"

	"lockers/internal/order"
	"lockers/internal/store"
)

// sweepBatch bounds one release (or drop) transaction, so a backlog never holds locks long.
const sweepBatch = 500

// Sweep applies the time-driven transitions at now. Several processes may sweep
// at once: releasing claims due orders with FOR UPDATE SKIP LOCKED on PostgreSQL
// (SQLite's single writer serialises the sweeps), and every status UPDATE
// re-checks the old status in its WHERE clause, so an order moves once and is
// counted by one sweep only.
func (s *Store) Sweep(ctx context.Context, now time.Time) (order.Swept, error) {
	now = now.UTC()
	var n order.Swept
	for {
		released, err := s.releaseBatch(ctx, now)
		n.Released += released
		if err != nil {
			return n, err
		}
		if released < sweepBatch {
			break
		}
	}
	for {
		dropped, err := s.dropBatch(ctx, now)
		n.Dropped += dropped
		if err != nil {
			return n, err
		}
		if dropped < sweepBatch {
			break
		}
	}
	steps := []struct {
		count *int
		query string
		at    time.Time
	}{
		{&n.Expired, `UPDATE orders SET status = 'expired', updated_at = $1
			WHERE status IN ('booked', 'active', 'extended') AND ends_at <= $2`, now},
		{&n.Started, `UPDATE orders SET status = 'active', updated_at = $1
			WHERE status = 'booked' AND starts_at <= $2`, now},
	}
	for _, st := range steps {
		res, err := s.db.ExecContext(ctx, st.query, now, st.at)
		if err != nil {
			return n, err
		}
		k, err := res.RowsAffected()
		if err != nil {
			return n, err
		}
		*st.count = int(k)
	}
	ids, err := s.finalize(ctx, now)
	n.FinalizedIDs, n.Finalized = ids, len(ids)
	return n, err
}

// finalize closes orders expired for FinalizeAfter and returns their ids, so
// their invoices can be settled.
func (s *Store) finalize(ctx context.Context, now time.Time) ([]string, error) {
	var ids []string
	// In a transaction: on SQLite only the writer may run an UPDATE ... RETURNING.
	err := s.db.InTx(ctx, func(tx *store.Tx) error {
		ids = ids[:0]
		rows, err := tx.QueryContext(ctx, `UPDATE orders SET status = 'finalized', updated_at = $1
			WHERE status = 'expired' AND ends_at <= $2 RETURNING id`, now, now.Add(-order.FinalizeAfter))
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				return err
			}
			ids = append(ids, id)
		}
		return rows.Err()
	})
	return ids, err
}

// releaseBatch ends up to sweepBatch holds that ran out (a charge still in
// flight included: a payment that arrives later is refunded) that ran out and frees their lockers.
func (s *Store) releaseBatch(ctx context.Context, now time.Time) (int, error) {
	claim := `UPDATE orders SET status = 'unfinished', updated_at = $1
		WHERE id IN (SELECT id FROM orders WHERE status IN ('reserved', 'unpaid', 'processing') AND reserved_until <= $1
			ORDER BY reserved_until LIMIT 500)
		RETURNING id`
	if s.db.Dialect() == store.Postgres {
		claim = `WITH due AS (SELECT id FROM orders WHERE status IN ('reserved', 'unpaid', 'processing') AND reserved_until <= $1
				ORDER BY reserved_until LIMIT 500 FOR UPDATE SKIP LOCKED)
			UPDATE orders o SET status = 'unfinished', updated_at = $1 FROM due WHERE o.id = due.id
			RETURNING o.id`
	}
	var ids []string
	err := s.db.InTx(ctx, func(tx *store.Tx) error {
		ids = ids[:0]
		rows, err := tx.QueryContext(ctx, claim, now)
		if err != nil {
			return err
		}
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return err
			}
			ids = append(ids, id)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, id := range ids {
			if _, err := tx.ExecContext(ctx, `UPDATE order_lockers SET live = false WHERE order_id = $1 AND live`, id); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return len(ids), nil
}

// dropBatch gives back the extra time of up to sweepBatch pending extensions
// whose hold ran out: each locker gets its old end again, and a paid order's
// payment state is paid again (the lapsed extension's attempt is not the
// order's money). A payment still on its way finds no extension and is refunded.
// Each lapse runs the lapse hook in the same transaction (OnLapse: the
// customer is told).
func (s *Store) dropBatch(ctx context.Context, now time.Time) (int, error) {
	lock := ""
	if s.db.Dialect() == store.Postgres {
		lock = " FOR UPDATE OF o SKIP LOCKED"
	}
	n := 0
	err := s.db.InTx(ctx, func(tx *store.Tx) error {
		n = 0
		rows, err := tx.QueryContext(ctx, `SELECT o.id, o.ext_order_locker_id, o.ext_old_end, o.user_id, o.starts_at,
				o.ext_new_end, o.ext_amount_cents, o.ext_hold_until, s.name, s.time_zone
			FROM orders o JOIN stations s ON s.id = o.station_id
			WHERE o.ext_hold_until <= $1 ORDER BY o.ext_hold_until LIMIT 500`+lock, now)
		if err != nil {
			return err
		}
		type due struct {
			id, lockerID string
			oldEnd       time.Time
			lapse        order.Lapse // told to the customer (issue 42)
		}
		var dues []due
		for rows.Next() {
			var d due
			l := &d.lapse
			if err := rows.Scan(&d.id, &d.lockerID, &d.oldEnd, &l.UserID, &l.Start, &l.NewEnd, &l.AmountCents,
				&l.HoldUntil, &l.StationName, &l.Zone); err != nil {
				rows.Close()
				return err
			}
			dues = append(dues, d)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, d := range dues {
			if _, err := tx.ExecContext(ctx, `UPDATE order_lockers SET ends_at = $2 WHERE id = $1`, d.lockerID, d.oldEnd.UTC()); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `UPDATE orders SET ext_order_locker_id = NULL, ext_old_end = NULL,
					ext_new_end = NULL, ext_amount_cents = NULL, ext_vat_cents = NULL, ext_days = NULL, ext_hours = NULL,
					ext_hold_until = NULL, ext_created_at = NULL, updated_at = $2,
					payment_state = CASE WHEN paid_cents > 0 AND (payment_state IS NULL OR payment_state IN ('pending', 'processing', 'failed', 'expired')) THEN 'paid'
						WHEN payment_state IN ('pending', 'processing') THEN 'expired' ELSE payment_state END
				WHERE id = $1`, d.id, now); err != nil {
				return err
			}
			d.lapse.OrderID, d.lapse.OldEnd = d.id, d.oldEnd
			if err := lapsed(ctx, tx, d.lapse); err != nil {
				return err
			}
		}
		n = len(dues)
		return nil
	})
	return n, err
}
