package backoffice_test

import (
	"testing"
	"time"

	"lockers/internal/backoffice"
)

// The statistics count in UTC days and months
// (docs/decisions/064-statistics-and-network.md), whatever the hour in Tallinn:
// a booking paid at 00:30 on 1 June there (22:30 UTC on 31 May) is 31 May's and
// May's, one at 03:30 on 1 June there is June's; neither moves to the station's
// date.
func TestStatisticsCountUTCDaysAcrossTallinnsMidnight(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		mari := o.user("mari@example.com", "Mari", "Tamm", t0.AddDate(0, 0, -10))
		late := time.Date(2026, 5, 31, 22, 30, 0, 0, time.UTC)
		early := time.Date(2026, 6, 1, 0, 30, 0, 0, time.UTC)
		for i, at := range []time.Time{late, early} {
			id := o.order(mari, 1, "finalized", at)
			o.exec(`UPDATE orders SET confirmed_at = created_at WHERE id = $1`, id)
			o.paid(mari, id, int64(500+100*i), at)
		}
		days, err := o.svc.Statistics(o.ctx(), backoffice.StatsFilter{From: time.Date(2026, 5, 30, 0, 0, 0, 0, time.UTC),
			To: time.Date(2026, 6, 2, 0, 0, 0, 0, time.UTC), Period: "day"})
		must(t, err)
		if len(days) != 2 || days[0].Period != "2026-05-31" || days[0].Bookings != 1 || days[0].RevenueCents != 500 ||
			days[1].Period != "2026-06-01" || days[1].Bookings != 1 || days[1].RevenueCents != 600 {
			t.Fatalf("by day: %+v", days)
		}
		months, err := o.svc.Statistics(o.ctx(), backoffice.StatsFilter{From: time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC),
			To: time.Date(2026, 6, 2, 0, 0, 0, 0, time.UTC), Period: "month"})
		must(t, err)
		if len(months) != 2 || months[0].Period != "2026-05" || months[0].RevenueCents != 500 ||
			months[1].Period != "2026-06" || months[1].RevenueCents != 600 {
			t.Fatalf("by month: %+v", months)
		}
	})
}
