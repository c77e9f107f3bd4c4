package officesql

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/backoffice"
	"lockers/internal/store"
)

const maxStatsSpan = 2*366*24*time.Hour + 24*time.Hour

// Statistics computes the figures per bucket in SQL (grouped on both engines;
// only the bucket and duration expressions differ) and merges the three
// grouped queries (orders, payments, refunds) in Go.
func (s *Store) Statistics(ctx context.Context, f backoffice.StatsFilter) ([]backoffice.StatsRow, error) {
	if f.From.IsZero() || f.To.IsZero() || !f.To.After(f.From) {
		return nil, apperr.Field(apperr.BadInput, "from", "from and to are required, from before to")
	}
	if f.To.Sub(f.From) > maxStatsSpan {
		return nil, apperr.Field(apperr.BadInput, "to", "at most two years at a time")
	}
	if f.Period == "" {
		f.Period = "day"
	}
	if f.Period != "day" && f.Period != "week" && f.Period != "month" {
		return nil, apperr.Field(apperr.BadInput, "period", "period is day, week or month")
	}
	if f.StationID != "" && !validID(f.StationID) {
		return nil, apperr.Field(apperr.BadInput, "stationId", "not an id")
	}
	st := &statsSet{f: f, rows: map[statsKey]*backoffice.StatsRow{}, hours: map[statsKey]float64{}}
	// Whole UTC days before today come from the daily summary (summed first
	// where missing or gone stale), by month also whole months from the
	// monthly summary; the rest, today and any part-day edge, is counted from
	// the tables.
	today := s.Now().Truncate(24 * time.Hour)
	sumFrom := ceilDay(f.From.UTC())
	sumTo := f.To.UTC().Truncate(24 * time.Hour)
	if sumTo.After(today) {
		sumTo = today
	}
	if sumFrom.Before(sumTo) {
		if err := s.rollUp(ctx, sumFrom, sumTo); err != nil {
			return nil, internal("statistics", err)
		}
		if err := s.statsSummedRange(ctx, st, sumFrom, sumTo); err != nil {
			return nil, internal("statistics", err)
		}
		if f.From.Before(sumFrom) {
			if err := s.statsCounted(ctx, st, f.From.UTC(), sumFrom); err != nil {
				return nil, internal("statistics", err)
			}
		}
		if sumTo.Before(f.To) {
			if err := s.statsCounted(ctx, st, sumTo, f.To.UTC()); err != nil {
				return nil, internal("statistics", err)
			}
		}
	} else if err := s.statsCounted(ctx, st, f.From.UTC(), f.To.UTC()); err != nil {
		return nil, internal("statistics", err)
	}
	rows := st.rows
	for k, r := range rows {
		if r.Bookings > 0 {
			r.AvgRentalHours = st.hours[k] / float64(r.Bookings)
		}
	}

	// Occupancy: booked locker-hours over the hours of the lockers in scope.
	lockerQ := `SELECT l.station_id, count(*) FROM lockers l GROUP BY l.station_id`
	lockers := map[string]int{}
	total := 0
	if err := store.EachRow(ctx, s.db, lockerQ, nil, func(r *sql.Rows) error {
		var (
			st string
			n  int
		)
		if err := r.Scan(&st, &n); err != nil {
			return err
		}
		lockers[st] = n
		if f.StationID == "" || f.StationID == st {
			total += n
		}
		return nil
	}); err != nil {
		return nil, internal("statistics", err)
	}
	out := make([]backoffice.StatsRow, 0, len(rows))
	for _, r := range rows {
		n := total
		if r.StationID != "" {
			n = lockers[r.StationID]
		}
		if h := bucketHours(f.Period, r.Period); n > 0 && h > 0 {
			r.OccupancyPct = 100 * r.BookedLockerHour / (float64(n) * h)
		}
		out = append(out, *r)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Period != out[j].Period {
			return out[i].Period < out[j].Period
		}
		return out[i].StationID < out[j].StationID
	})
	return out, nil
}

// statsKey is one bucket (and station, when split).
type statsKey struct{ period, station string }

// statsSet gathers the figures of one Statistics call from several ranges.
type statsSet struct {
	f     backoffice.StatsFilter
	rows  map[statsKey]*backoffice.StatsRow
	hours map[statsKey]float64 // rental hours summed, for the average
}

func (st *statsSet) get(k statsKey) *backoffice.StatsRow {
	if r, ok := st.rows[k]; ok {
		return r
	}
	r := &backoffice.StatsRow{Period: k.period, StationID: k.station}
	st.rows[k] = r
	return r
}

// station is the SQL of the station column: col when split by station.
func (st *statsSet) station(col string) string {
	if st.f.ByStation {
		return col
	}
	return "''"
}

func ceilDay(t time.Time) time.Time {
	d := t.Truncate(24 * time.Hour)
	if d.Before(t) {
		return d.Add(24 * time.Hour)
	}
	return d
}

// statsCounted adds the figures of [from, to) counted from the tables:
// bookings, rental hours and booked locker-hours by the bucket of the order's
// creation (one scan; a booking's hours count where it was made), payments
// kept by the time paid, refunds by the time refunded.
func (s *Store) statsCounted(ctx context.Context, st *statsSet, from, to time.Time) error {
	d := s.db.Dialect()
	var stationCond string
	args := []any{from, to}
	if st.f.StationID != "" {
		stationCond = " AND o.station_id = $3"
		args = append(args, st.f.StationID)
	}
	// The lockers per order are counted through order_lockers_order_idx for
	// the orders in range only (a grouped subquery over all of order_lockers
	// cost a full scan per call).
	q := fmt.Sprintf(`SELECT %s, %s, count(*), coalesce(sum(%s), 0),
		coalesce(sum(%s * (SELECT count(*) FROM order_lockers ol WHERE ol.order_id = o.id)), 0)
		FROM orders o
		WHERE o.created_at >= $1 AND o.created_at < $2 AND `+bookedOrder+`%s
		GROUP BY 1, 2`, bucket(d, st.f.Period, "o.created_at"), st.station("o.station_id"),
		hours(d, "o.starts_at", "o.ends_at"), hours(d, "o.starts_at", "o.ends_at"), stationCond)
	if err := store.EachRow(ctx, s.db, q, args, func(r *sql.Rows) error {
		var (
			k        statsKey
			n        int
			sum, lhs float64
		)
		if err := r.Scan(&k.period, &k.station, &n, &sum, &lhs); err != nil {
			return err
		}
		row := st.get(k)
		row.Bookings += n
		row.BookedLockerHour += lhs
		st.hours[k] += sum
		return nil
	}); err != nil {
		return err
	}
	for _, m := range []struct {
		table, at, cond string
		sign            int64
	}{
		{"payments", "p.paid_at", "p.paid_at IS NOT NULL", 1},
		{"refunds", "p.refunded_at", "p.state = 'succeeded'", -1},
	} {
		q := fmt.Sprintf(`SELECT %s, %s, coalesce(sum(p.amount_cents), 0) FROM %s p JOIN orders o ON o.id = p.order_id
			WHERE %s AND %s >= $1 AND %s < $2%s GROUP BY 1, 2`, bucket(d, st.f.Period, m.at), st.station("o.station_id"),
			m.table, m.cond, m.at, m.at, stationCond)
		if err := store.EachRow(ctx, s.db, q, args, func(r *sql.Rows) error {
			var (
				k     statsKey
				cents int64
			)
			if err := r.Scan(&k.period, &k.station, &cents); err != nil {
				return err
			}
			st.get(k).RevenueCents += m.sign * cents
			return nil
		}); err != nil {
			return err
		}
	}
	return nil
}

// statsSummedRange adds the figures of the whole past days [from, to), which
// rollUp has summed: by month, the whole calendar months among them come from
// the monthly summary (summed first where missing or gone stale) and the part
// months at either edge from the daily summary; by day or week, all of them
// from the daily summary.
func (s *Store) statsSummedRange(ctx context.Context, st *statsSet, from, to time.Time) error {
	mFrom, mTo := ceilMonth(from), monthStart(to)
	if st.f.Period != "month" || !mFrom.Before(mTo) {
		return s.statsSummed(ctx, st, from, to)
	}
	if err := s.rollUpMonths(ctx, mFrom, mTo); err != nil {
		return err
	}
	if err := s.statsMonthly(ctx, st, mFrom, mTo); err != nil {
		return err
	}
	if from.Before(mFrom) {
		if err := s.statsSummed(ctx, st, from, mFrom); err != nil {
			return err
		}
	}
	if mTo.Before(to) {
		return s.statsSummed(ctx, st, mTo, to)
	}
	return nil
}

// statsSummed adds the figures of the whole days [from, to) from the daily summary.
func (s *Store) statsSummed(ctx context.Context, st *statsSet, from, to time.Time) error {
	stationCond, station := st.summaryStations()
	q := fmt.Sprintf(`SELECT %s, %s, sum(r.bookings), sum(r.rental_hours), sum(r.locker_hours),
		sum(r.paid_cents) - sum(r.refunded_cents) FROM stats_daily r WHERE r.day >= $1 AND r.day < $2%s GROUP BY 1, 2`,
		summaryBucket(s.db.Dialect(), st.f.Period), st.station("r.station_id"), stationCond)
	return st.addSummary(ctx, s.db, q, []any{from, to, station})
}

// statsMonthly adds the figures of the whole months [from, to) from the
// monthly summary, whose month column is the bucket's name already.
func (s *Store) statsMonthly(ctx context.Context, st *statsSet, from, to time.Time) error {
	stationCond, station := st.summaryStations()
	q := fmt.Sprintf(`SELECT r.month, %s, sum(r.bookings), sum(r.rental_hours), sum(r.locker_hours),
		sum(r.paid_cents) - sum(r.refunded_cents) FROM stats_monthly r WHERE r.month >= $1 AND r.month < $2%s
		GROUP BY 1, 2`, st.station("r.station_id"), stationCond)
	return st.addSummary(ctx, s.db, q, []any{monthKey(from), monthKey(to), station})
}

// summaryStations is the condition on a summary's station column ($3 is the
// station given): the one station asked for, every station but the
// all-stations rows when split, else the all-stations rows alone.
func (st *statsSet) summaryStations() (string, string) {
	switch {
	case st.f.StationID != "":
		return " AND r.station_id = $3", st.f.StationID
	case st.f.ByStation:
		return " AND r.station_id <> $3", allStations
	}
	return " AND r.station_id = $3", allStations
}

// addSummary adds the rows of a summary query: bucket, station, bookings,
// rental hours, locker-hours, money kept.
func (st *statsSet) addSummary(ctx context.Context, db store.Querier, q string, args []any) error {
	return store.EachRow(ctx, db, q, args, func(r *sql.Rows) error {
		var (
			k        statsKey
			n, cents int64
			sum, lhs float64
		)
		if err := r.Scan(&k.period, &k.station, &n, &sum, &lhs, &cents); err != nil {
			return err
		}
		row := st.get(k)
		row.Bookings += int(n)
		row.BookedLockerHour += lhs
		row.RevenueCents += cents
		st.hours[k] += sum
		return nil
	})
}

// summaryBucket is bucket() of the summary's day column. On SQLite a day is
// the text "2026-06-01 00:00:00+00:00", so a day or month is a prefix of it
// (parsing the date of every row cost most of a year by station).
func summaryBucket(d store.Dialect, period string) string {
	if d == store.SQLite && period == "day" {
		return "substr(r.day, 1, 10)"
	}
	if d == store.SQLite && period == "month" {
		return "substr(r.day, 1, 7)"
	}
	return bucket(d, period, "r.day")
}

// bucket is the SQL expression naming col's bucket as text, the same text on
// both engines (UTC).
func bucket(d store.Dialect, period, col string) string {
	if d == store.Postgres {
		switch period {
		case "week":
			return "to_char(date_trunc('week', " + col + " AT TIME ZONE 'UTC'), 'YYYY-MM-DD')"
		case "month":
			return "to_char(" + col + " AT TIME ZONE 'UTC', 'YYYY-MM')"
		}
		return "to_char(" + col + " AT TIME ZONE 'UTC', 'YYYY-MM-DD')"
	}
	switch period {
	case "week":
		return "date(" + col + ", 'weekday 0', '-6 days')"
	case "month":
		return "strftime('%Y-%m', " + col + ")"
	}
	return "date(" + col + ")"
}

// hours is the SQL expression of the hours from a to b.
func hours(d store.Dialect, a, b string) string {
	if d == store.Postgres {
		return "(extract(epoch FROM " + b + " - " + a + ") / 3600.0)"
	}
	return "((julianday(" + b + ") - julianday(" + a + ")) * 24.0)"
}

// bucketHours is the length of a bucket named by bucket().
func bucketHours(period, name string) float64 {
	switch period {
	case "week":
		return 7 * 24
	case "month":
		t, err := time.Parse("2006-01", name)
		if err != nil {
			return 0
		}
		return t.AddDate(0, 1, 0).Sub(t).Hours()
	}
	return 24
}
