package app

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"lockers/internal/clock"
	"lockers/internal/hardware"
	"lockers/internal/store"
)

// opsMetrics are the series the alert rules of deploy/prometheus/alerts.yml
// need besides the request counters: the job queue's lag and last successful
// runs (from this process's worker), and, read from the database at each
// scrape, the stations out of touch and the payment notifications that keep
// failing. The database series are the same on every process; the rules
// take their max.
type opsMetrics struct {
	jobLag     *prometheus.HistogramVec
	jobLastOK  *prometheus.GaugeVec
	jobFailed  *prometheus.CounterVec
	db         *store.DB
	stations   *prometheus.Desc
	unapplied  *prometheus.Desc
	scrapeFail *prometheus.Desc
}

// notificationAlarmAttempts mirrors payment's alarm threshold: a
// notification that failed this often is an operator's to look at.
const notificationAlarmAttempts = 8

func newOpsMetrics(db *store.DB) *opsMetrics {
	return &opsMetrics{
		jobLag: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "lockerd_job_lag_seconds",
			Help:    "How long after its scheduled time a periodic job started on this process.",
			Buckets: []float64{.1, .5, 1, 2.5, 5, 10, 30, 60, 120, 300},
		}, []string{"job"}),
		jobLastOK: prometheus.NewGaugeVec(prometheus.GaugeOpts{
			Name: "lockerd_job_last_success_timestamp_seconds",
			Help: "Unix time of the last successful run of a periodic job on this process.",
		}, []string{"job"}),
		jobFailed: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lockerd_job_failures_total",
			Help: "Periodic job runs that failed on this process.",
		}, []string{"job"}),
		db: db,
		stations: prometheus.NewDesc("lockerd_stations",
			"Active stations by link: online, or offline (said so, or silent for longer than the offline limit).",
			[]string{"link"}, nil),
		unapplied: prometheus.NewDesc("lockerd_payment_notifications_unapplied",
			"Verified payment notifications not applied yet; failing: retried at least 8 times.",
			[]string{"state"}, nil),
		scrapeFail: prometheus.NewDesc("lockerd_ops_scrape_errors",
			"1 when the database did not answer the operations queries of this scrape.", nil, nil),
	}
}

// observe is jobs.Options.Observe.
func (m *opsMetrics) observe(name string, lag time.Duration, err error) {
	m.jobLag.WithLabelValues(name).Observe(lag.Seconds())
	if err != nil {
		m.jobFailed.WithLabelValues(name).Inc()
		return
	}
	m.jobLastOK.WithLabelValues(name).SetToCurrentTime()
}

func (m *opsMetrics) collectors() []prometheus.Collector {
	return []prometheus.Collector{m.jobLag, m.jobLastOK, m.jobFailed, m}
}

func (m *opsMetrics) Describe(ch chan<- *prometheus.Desc) {
	ch <- m.stations
	ch <- m.unapplied
	ch <- m.scrapeFail
}

func (m *opsMetrics) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	var online, offline, pending, failing int64
	err := m.db.QueryRowContext(ctx, `SELECT
		COALESCE(SUM(CASE WHEN link_state = 'online' AND last_seen_at >= $1 THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN link_state = 'online' AND last_seen_at >= $1 THEN 0 ELSE 1 END), 0)
		FROM stations WHERE active`, clock.Now().Add(-hardware.OfflineAfter)).Scan(&online, &offline)
	if err == nil {
		err = m.db.QueryRowContext(ctx, `SELECT
			COALESCE(SUM(CASE WHEN attempts < $1 THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN attempts >= $1 THEN 1 ELSE 0 END), 0)
			FROM webhook_events WHERE applied_at IS NULL`, notificationAlarmAttempts).Scan(&pending, &failing)
	}
	if err != nil {
		ch <- prometheus.MustNewConstMetric(m.scrapeFail, prometheus.GaugeValue, 1)
		return
	}
	ch <- prometheus.MustNewConstMetric(m.scrapeFail, prometheus.GaugeValue, 0)
	ch <- prometheus.MustNewConstMetric(m.stations, prometheus.GaugeValue, float64(online), "online")
	ch <- prometheus.MustNewConstMetric(m.stations, prometheus.GaugeValue, float64(offline), "offline")
	ch <- prometheus.MustNewConstMetric(m.unapplied, prometheus.GaugeValue, float64(pending), "pending")
	ch <- prometheus.MustNewConstMetric(m.unapplied, prometheus.GaugeValue, float64(failing), "failing")
}
