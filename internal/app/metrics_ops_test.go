package app

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"lockers/internal/demo"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// The operations series read both databases: every demo station, never
// heard from, counts offline; a notification that failed 8 times counts as
// failing; a periodic run's lag and success are exported.
func TestOpsMetrics(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if err := demo.Seed(ctx, db); err != nil {
			t.Fatal(err)
		}
		if _, err := db.ExecContext(ctx, `INSERT INTO webhook_events (provider, event_id, type, received_at, attempts)
			VALUES ('demo', 'evt_1', 'charge', $1, 9), ('demo', 'evt_2', 'charge', $1, 1)`, time.Now()); err != nil {
			t.Fatal(err)
		}
		m := newOpsMetrics(db)
		m.observe("order.sweep", 1500*time.Millisecond, nil)
		m.observe("order.sweep", time.Second, errors.New("boom"))
		reg := prometheus.NewRegistry()
		reg.MustRegister(m.collectors()...)
		want := `
# HELP lockerd_stations Active stations by link: online, or offline (said so, or silent for longer than the offline limit).
# TYPE lockerd_stations gauge
lockerd_stations{link="offline"} ` + itoa(len(demo.Stations)) + `
lockerd_stations{link="online"} 0
# HELP lockerd_payment_notifications_unapplied Verified payment notifications not applied yet; failing: retried at least 8 times.
# TYPE lockerd_payment_notifications_unapplied gauge
lockerd_payment_notifications_unapplied{state="failing"} 1
lockerd_payment_notifications_unapplied{state="pending"} 1
# HELP lockerd_ops_scrape_errors 1 when the database did not answer the operations queries of this scrape.
# TYPE lockerd_ops_scrape_errors gauge
lockerd_ops_scrape_errors 0
# HELP lockerd_job_failures_total Periodic job runs that failed on this process.
# TYPE lockerd_job_failures_total counter
lockerd_job_failures_total{job="order.sweep"} 1
`
		if err := testutil.GatherAndCompare(reg, strings.NewReader(want), "lockerd_stations",
			"lockerd_payment_notifications_unapplied", "lockerd_ops_scrape_errors", "lockerd_job_failures_total"); err != nil {
			t.Fatal(err)
		}
		if n := testutil.CollectAndCount(m.jobLastOK); n != 1 {
			t.Fatalf("last-success series: %d, want 1", n)
		}
	})
}

func itoa(n int) string { return strconv.Itoa(n) }
