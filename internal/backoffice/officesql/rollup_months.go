package officesql

import (
	"context"
	"database/sql"
	"time"

	"lockers/internal/store"
)

// rollUpMonths makes sure the monthly summary (stats_monthly) holds every whole
// UTC calendar month inside [from, to), whose days rollUp has summed already:
// the months missing from stats_months (never summed, or taken off since by
// the trigger on stats_days, migration 00027) are summed from stats_daily, each
// run of consecutive months in one transaction with its stats_months rows. A
// year by month then reads 12 rows a station instead of 365.
func (s *Store) rollUpMonths(ctx context.Context, from, to time.Time) error {
	first, end := ceilMonth(from), monthStart(to)
	if !first.Before(end) {
		return nil
	}
	have := map[string]bool{}
	if err := store.EachRow(ctx, s.db, `SELECT month FROM stats_months WHERE month >= $1 AND month < $2`,
		[]any{monthKey(first), monthKey(end)}, func(r *sql.Rows) error {
			var m string
			if err := r.Scan(&m); err != nil {
				return err
			}
			have[m] = true
			return nil
		}); err != nil {
		return err
	}
	nextMonth := func(m time.Time) time.Time { return m.AddDate(0, 1, 0) }
	return eachMissingRun(first, end, nextMonth, func(m time.Time) bool { return have[monthKey(m)] },
		func(a, b time.Time) error { return s.sumMonths(ctx, a, b) })
}

// sumMonths replaces the monthly summary of the whole months [from, to) with
// the sums of their days, all-stations rows included (they are stats_daily
// rows of their own station id).
func (s *Store) sumMonths(ctx context.Context, from, to time.Time) error {
	return s.db.InTx(ctx, func(tx *store.Tx) error {
		for _, q := range []string{`DELETE FROM stats_monthly WHERE month >= $1 AND month < $2`,
			`DELETE FROM stats_months WHERE month >= $1 AND month < $2`} {
			if _, err := tx.ExecContext(ctx, q, monthKey(from), monthKey(to)); err != nil {
				return err
			}
		}
		now := s.Now()
		// One statement a month: the month is then a parameter, not a
		// per-row expression that differs between the engines.
		for m := from; m.Before(to); m = m.AddDate(0, 1, 0) {
			next := m.AddDate(0, 1, 0)
			if _, err := tx.ExecContext(ctx, `INSERT INTO stats_monthly (month, station_id, bookings, rental_hours,
				locker_hours, paid_cents, refunded_cents)
				SELECT CAST($3 AS TEXT), station_id, sum(bookings), sum(rental_hours), sum(locker_hours), sum(paid_cents),
					sum(refunded_cents)
				FROM stats_daily WHERE day >= $1 AND day < $2 GROUP BY station_id`, m, next, monthKey(m)); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO stats_months (month, rolled_at) VALUES ($1, $2)`, monthKey(m), now); err != nil {
				return err
			}
		}
		return nil
	})
}

// monthStart is the first instant of t's UTC calendar month.
func monthStart(t time.Time) time.Time {
	y, m, _ := t.UTC().Date()
	return time.Date(y, m, 1, 0, 0, 0, 0, time.UTC)
}

// ceilMonth is the first start of a UTC calendar month at or after t.
func ceilMonth(t time.Time) time.Time {
	m := monthStart(t)
	if m.Before(t) {
		return m.AddDate(0, 1, 0)
	}
	return m
}

// monthKey is the month's key in stats_monthly and its bucket name: "2026-06".
func monthKey(t time.Time) string { return t.UTC().Format("2006-01") }
