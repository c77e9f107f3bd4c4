package officesql

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"lockers/internal/store"
)

// rollUp makes sure the daily summary (stats_daily) holds every whole day of
// [from, to), all before today: the days missing from stats_days (never summed,
// or taken off by a write's trigger since) are summed again from the tables,
// each run of consecutive days in one statement and one transaction with its
// stats_days rows. A year is summed once (seconds at a million orders); later
// reads cost one indexed scan of the summary.
//
// A write to a past day that commits while its day is being summed may be
// missed until that day is written again (the trigger found no row to take
// off); past days change rarely (an extension of an old booking, a late
// payment notification).
func (s *Store) rollUp(ctx context.Context, from, to time.Time) error {
	have := map[time.Time]bool{}
	if err := store.EachRow(ctx, s.db, `SELECT day FROM stats_days WHERE day >= $1 AND day < $2`, []any{from, to},
		func(r *sql.Rows) error {
			var d time.Time
			if err := r.Scan(&d); err != nil {
				return err
			}
			have[d.UTC()] = true
			return nil
		}); err != nil {
		return err
	}
	nextDay := func(d time.Time) time.Time { return d.Add(24 * time.Hour) }
	return eachMissingRun(from, to, nextDay, func(d time.Time) bool { return have[d] },
		func(a, b time.Time) error { return s.sumDays(ctx, a, b) })
}

// eachMissingRun calls sum for every run of consecutive periods in [from, to)
// that summed does not hold; next steps from one period's start to the next.
func eachMissingRun(from, to time.Time, next func(time.Time) time.Time, summed func(time.Time) bool,
	sum func(from, to time.Time) error) error {
	for p := from; p.Before(to); {
		if summed(p) {
			p = next(p)
			continue
		}
		end := p
		for end.Before(to) && !summed(end) {
			end = next(end)
		}
		if err := sum(p, end); err != nil {
			return err
		}
		p = end
	}
	return nil
}

// RollUp sums the statistics' daily summary of the whole UTC days in [from,
// to) before today that are not summed yet, then the monthly summary of the
// whole months among them (`lockerd seed-load` warms both).
func (s *Store) RollUp(ctx context.Context, from, to time.Time) error {
	today := s.Now().Truncate(24 * time.Hour)
	to = to.UTC().Truncate(24 * time.Hour)
	if to.After(today) {
		to = today
	}
	from = ceilDay(from.UTC())
	if !from.Before(to) {
		return nil
	}
	if err := s.rollUp(ctx, from, to); err != nil {
		return internal("roll up", err)
	}
	return internal("roll up", s.rollUpMonths(ctx, from, to))
}

// allStations is the station id of the summary's rows for every station together.
const allStations = "00000000-0000-0000-0000-000000000000"

// sumDays replaces the summary of the whole days [from, to).
func (s *Store) sumDays(ctx context.Context, from, to time.Time) error {
	d := s.db.Dialect()
	dayOf := func(col string) string {
		if d == store.Postgres {
			return "date_trunc('day', " + col + " AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'"
		}
		return "strftime('%Y-%m-%d 00:00:00+00:00', " + col + ")"
	}
	h := hours(d, "o.starts_at", "o.ends_at")
	sum := fmt.Sprintf(`INSERT INTO stats_daily (day, station_id, bookings, rental_hours, locker_hours, paid_cents,
		refunded_cents)
		SELECT day, station_id, sum(b), sum(rh), sum(lh), sum(pc), sum(rc) FROM (
			SELECT %[1]s AS day, o.station_id AS station_id, count(*) AS b, sum(%[2]s) AS rh,
				sum(%[2]s * (SELECT count(*) FROM order_lockers ol WHERE ol.order_id = o.id)) AS lh, 0 AS pc, 0 AS rc
			FROM orders o WHERE o.created_at >= $1 AND o.created_at < $2 AND `+bookedOrder+` GROUP BY 1, 2
			UNION ALL
			SELECT %[3]s, o.station_id, 0, 0, 0, sum(p.amount_cents), 0
			FROM payments p JOIN orders o ON o.id = p.order_id
			WHERE p.paid_at >= $1 AND p.paid_at < $2 GROUP BY 1, 2
			UNION ALL
			SELECT %[4]s, o.station_id, 0, 0, 0, 0, sum(r.amount_cents)
			FROM refunds r JOIN orders o ON o.id = r.order_id
			WHERE r.state = 'succeeded' AND r.refunded_at >= $1 AND r.refunded_at < $2 GROUP BY 1, 2
		) x GROUP BY day, station_id`, dayOf("o.created_at"), h, dayOf("p.paid_at"), dayOf("r.refunded_at"))
	err := s.db.InTx(ctx, func(tx *store.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM stats_daily WHERE day >= $1 AND day < $2`, from, to); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM stats_days WHERE day >= $1 AND day < $2`, from, to); err != nil {
			return err
		}
		// The months of these days are summed again too. The trigger on
		// stats_days does that for the rows just deleted, but a day may be
		// missing already while its month is marked: a write took the day off
		// after rollUp read stats_days and before the month was summed from
		// the day's old figures.
		if _, err := tx.ExecContext(ctx, `DELETE FROM stats_months WHERE month >= $1 AND month <= $2`,
			monthKey(from), monthKey(to.Add(-24*time.Hour))); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, sum, from, to); err != nil {
			return err
		}
		// One more row a day for all stations together: a year of the whole
		// service is then 365 rows, not 365 × stations.
		if _, err := tx.ExecContext(ctx, `INSERT INTO stats_daily (day, station_id, bookings, rental_hours,
			locker_hours, paid_cents, refunded_cents)
			SELECT day, $3, sum(bookings), sum(rental_hours), sum(locker_hours), sum(paid_cents), sum(refunded_cents)
			FROM stats_daily WHERE day >= $1 AND day < $2 AND station_id <> $3 GROUP BY day`, from, to, allStations); err != nil {
			return err
		}
		now := s.Now()
		for day := from; day.Before(to); day = day.Add(24 * time.Hour) {
			if _, err := tx.ExecContext(ctx, `INSERT INTO stats_days (day, rolled_at) VALUES ($1, $2)`, day, now); err != nil {
				return err
			}
		}
		return nil
	})
	if err == nil && d == store.Postgres && to.Sub(from) >= 30*24*time.Hour {
		// A month or more summed at once: the planner's figures of the
		// summary would be far off until autovacuum comes round.
		_, err = s.db.ExecContext(ctx, `ANALYZE stats_daily`)
	}
	return err
}
