package backoffice_test

import (
	"math"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/apperr"
	"lockers/internal/backoffice"
	"lockers/internal/demo"
)

// TestStatistics: bookings, revenue (payments less refunds), average length
// and occupancy per day and per month, split by station, the same on both engines.
func TestStatistics(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		mari := o.user("mari@example.com", "Mari", "Tamm", t0)
		day1, day2 := t0, t0.Add(24*time.Hour) // 2026-06-01 and -02, 08:00 UTC
		a := o.order(mari, 1, "finalized", day1)
		b := o.order(mari, 2, "finalized", day1.Add(time.Hour))
		c := o.order(mari, 1, "finalized", day2)
		o.order(mari, 1, "unfinished", day2) // never confirmed: not a booking
		for i, id := range []string{a, b, c} {
			o.exec(`UPDATE orders SET confirmed_at = created_at WHERE id = $1`, id)
			o.lockerFor(id, map[string]int{a: 1, b: 2, c: 1}[id], 1+i, day1.Add(time.Duration(i)*72*time.Hour))
		}
		pay := func(order string, cents int64, at time.Time) string {
			id := uuid.NewString()
			o.exec(`INSERT INTO payments (id, user_id, order_id, kind, flow, provider, idempotency_key, amount_cents,
				vat_cents, currency, lines, state, created_at, updated_at, paid_at)
				VALUES ($1, $2, $3, 'order', 'link', 'demo', $6, $4, 0, 'EUR', '[]', 'paid', $5, $5, $5)`,
				id, mari, order, cents, at.UTC(), "key-"+id)
			return id
		}
		pay(a, 500, day1)
		pb := pay(b, 700, day1)
		pay(c, 300, day2)
		o.exec(`INSERT INTO refunds (id, payment_id, order_id, user_id, provider, amount_cents, vat_cents, currency,
			reason, state, created_at, updated_at, refunded_at)
			VALUES ($1, $2, $3, $4, 'demo', 700, 0, 'EUR', 'cancel', 'succeeded', $5, $5, $5)`,
			uuid.NewString(), pb, b, mari, day2.UTC())

		got, err := o.svc.Statistics(o.ctx(), backoffice.StatsFilter{From: day1.Truncate(24 * time.Hour),
			To: day1.AddDate(0, 0, 7), Period: "day"})
		must(t, err)
		if len(got) != 2 || got[0].Period != "2026-06-01" || got[0].Bookings != 2 || got[0].RevenueCents != 1200 ||
			got[1].Period != "2026-06-02" || got[1].Bookings != 1 || got[1].RevenueCents != 300-700 {
			t.Fatalf("by day: %+v", got)
		}
		if math.Abs(got[0].AvgRentalHours-2) > 0.001 || got[0].OccupancyPct <= 0 {
			t.Fatalf("length and occupancy: %+v", got[0])
		}
		month, err := o.svc.Statistics(o.ctx(), backoffice.StatsFilter{From: day1.AddDate(0, 0, -1),
			To: day1.AddDate(0, 1, 0), Period: "month", ByStation: true})
		must(t, err)
		if len(month) != 2 || month[0].Period != "2026-06" || month[0].StationID != demo.Stations[0].ID ||
			month[0].Bookings != 2 || month[0].RevenueCents != 800 || month[1].StationID != demo.Stations[1].ID ||
			month[1].RevenueCents != 0 {
			t.Fatalf("by month and station: %+v", month)
		}
		week, err := o.svc.Statistics(o.ctx(), backoffice.StatsFilter{From: day1.AddDate(0, 0, -1),
			To: day1.AddDate(0, 1, 0), Period: "week", StationID: demo.Stations[1].ID})
		must(t, err)
		if len(week) != 1 || week[0].Period != "2026-06-01" || week[0].Bookings != 1 {
			t.Fatalf("a week (Monday 2026-06-01) at station 2: %+v", week)
		}
		_, err = o.svc.Statistics(o.ctx(), backoffice.StatsFilter{From: day1, To: day1.AddDate(3, 0, 0)})
		wantCode(t, err, apperr.BadInput)
		_, err = o.svc.Statistics(o.ctx(), backoffice.StatsFilter{From: day1, To: day1.AddDate(0, 0, 1), Period: "hour"})
		wantCode(t, err, apperr.BadInput)
	})
}

// TestStatisticsSummaryFollowsWrites: past days are read from the daily
// summary once summed; a later write to such a day (a late payment, a
// confirmation, an extension's new end) takes the day off by trigger, so the
// next read counts it again and agrees with the tables.
func TestStatisticsSummaryFollowsWrites(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		mari := o.user("mari@example.com", "Mari", "Tamm", t0)
		day := t0.Truncate(24 * time.Hour) // yesterday to the service's clock
		a := o.order(mari, 1, "finalized", t0)
		o.exec(`UPDATE orders SET confirmed_at = created_at WHERE id = $1`, a)
		f := backoffice.StatsFilter{From: day, To: day.Add(24 * time.Hour), Period: "day"}
		got, err := o.svc.Statistics(o.ctx(), f)
		must(t, err)
		if len(got) != 1 || got[0].Bookings != 1 || got[0].RevenueCents != 0 || o.count(`SELECT count(*) FROM stats_days`) != 1 {
			t.Fatalf("summed: %+v", got)
		}
		o.exec(`INSERT INTO payments (id, user_id, order_id, kind, flow, provider, idempotency_key, amount_cents,
			vat_cents, currency, lines, state, created_at, updated_at, paid_at)
			VALUES ($1, $2, $3, 'order', 'link', 'demo', $5, 450, 0, 'EUR', '[]', 'paid', $4, $4, $4)`,
			uuid.NewString(), mari, a, t0.Add(time.Hour).UTC(), "late-"+a)
		b := o.order(mari, 2, "finalized", t0.Add(2*time.Hour))
		o.exec(`UPDATE orders SET confirmed_at = created_at WHERE id = $1`, b)
		got, err = o.svc.Statistics(o.ctx(), f)
		must(t, err)
		if len(got) != 1 || got[0].Bookings != 2 || got[0].RevenueCents != 450 || math.Abs(got[0].AvgRentalHours-2) > 0.001 {
			t.Fatalf("after a late payment and booking: %+v", got)
		}
		o.exec(`UPDATE orders SET ends_at = $2 WHERE id = $1`, a, t0.Add(5*time.Hour).UTC()) // 4 hours, not 2
		got, err = o.svc.Statistics(o.ctx(), f)
		must(t, err)
		if math.Abs(got[0].AvgRentalHours-3) > 0.001 {
			t.Fatalf("after an extension: %+v", got)
		}
	})
}
