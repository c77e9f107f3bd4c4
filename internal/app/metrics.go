package app

import (
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics are lockerd's Prometheus series. Each server has its own registry so
// that tests can run several servers in one process.
type metrics struct {
	registry *prometheus.Registry
	calls    *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	requests *prometheus.CounterVec
}

func newMetrics() *metrics {
	m := &metrics{
		registry: prometheus.NewRegistry(),
		calls: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lockerd_rpc_calls_total",
			Help: "tRPC procedure calls by endpoint, procedure and application error code (empty on success).",
		}, []string{"endpoint", "procedure", "app_code"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "lockerd_rpc_call_duration_seconds",
			Help:    "tRPC procedure call latency by endpoint and procedure.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5},
		}, []string{"endpoint", "procedure"}),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "lockerd_http_requests_total",
			Help: "HTTP requests by route group and status code.",
		}, []string{"route", "status"}),
	}
	m.registry.MustRegister(m.calls, m.latency, m.requests,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// observer returns the rpc.Options.Observe hook of one endpoint. Unknown paths
// are counted under one label so that a scanner cannot grow the series.
func (m *metrics) observer(endpoint string) func(path, appCode string, d time.Duration) {
	return func(path, appCode string, d time.Duration) {
		if path == "" {
			path = "(unknown)"
		}
		m.calls.WithLabelValues(endpoint, path, appCode).Inc()
		m.latency.WithLabelValues(endpoint, path).Observe(d.Seconds())
	}
}

func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{})
}

// count wraps a route group to count its answers by status.
func (m *metrics) count(route string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(sw, r)
		m.requests.WithLabelValues(route, strconv.Itoa(sw.status)).Inc()
	})
}

type statusWriter struct {
	http.ResponseWriter
	status int
	wrote  bool
}

func (w *statusWriter) WriteHeader(code int) {
	if !w.wrote {
		w.status, w.wrote = code, true
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	w.wrote = true
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the real writer (flush, deadlines).
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
