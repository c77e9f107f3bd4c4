package app

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"lockers/internal/adapters/mqttctl"
)

// stationTrustMetrics are the MQTT controller's trust counters
// (docs/station-protocol.md "What lockerd believes"): station messages it
// did not believe, by reason; commands stations refused, by reason; and the
// stations over their message budget in the last five minutes. Nothing is
// collected with CONTROLLER=sim.
type stationTrustMetrics struct {
	ctrl    *mqttctl.Controller
	dropped *prometheus.Desc
	refused *prometheus.Desc
	flagged *prometheus.Desc
}

func newStationTrustMetrics(ctrl *mqttctl.Controller) *stationTrustMetrics {
	return &stationTrustMetrics{ctrl: ctrl,
		dropped: prometheus.NewDesc("lockerd_station_messages_dropped_total",
			"Station messages lockerd did not believe and dropped, by reason (unsigned, bad_mac, revoked, wrong_station, future, stale, out_of_order, throttled, ...).",
			[]string{"reason"}, nil),
		refused: prometheus.NewDesc("lockerd_station_commands_refused_total",
			"Commands stations reported refusing, by reason (unsigned, bad_mac, other_station, expired, replayed, malformed).",
			[]string{"reason"}, nil),
		flagged: prometheus.NewDesc("lockerd_stations_over_budget",
			"Stations that sent more than their message budget in the last five minutes.", nil, nil),
	}
}

func (m *stationTrustMetrics) Describe(ch chan<- *prometheus.Desc) {
	ch <- m.dropped
	ch <- m.refused
	ch <- m.flagged
}

func (m *stationTrustMetrics) Collect(ch chan<- prometheus.Metric) {
	if m.ctrl == nil {
		return
	}
	st := m.ctrl.Stats()
	for reason, n := range st.Dropped {
		ch <- prometheus.MustNewConstMetric(m.dropped, prometheus.CounterValue, float64(n), reason)
	}
	for reason, n := range st.Refused {
		ch <- prometheus.MustNewConstMetric(m.refused, prometheus.CounterValue, float64(n), reason)
	}
	ch <- prometheus.MustNewConstMetric(m.flagged, prometheus.GaugeValue, float64(len(m.ctrl.Flagged(time.Now().Add(-5*time.Minute)))))
}
