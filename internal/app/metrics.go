package app

import (
	"net/http"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"lockers/internal/rpc"
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

// observer returns the rpc.Options.Observe hook of one endpoint. The series of
// its procedures' successful calls are resolved once here, so the common case
// costs no label hashing; unknown paths are counted under one label so that a
// scanner cannot grow the series.
func (m *metrics) observer(endpoint string, procs []rpc.Procedure) func(path, appCode string, d time.Duration) {
	type series struct {
		ok      prometheus.Counter
		latency prometheus.Observer
	}
	known := make(map[string]series, len(procs))
	for _, p := range procs {
		known[p.Path] = series{
			ok:      m.calls.WithLabelValues(endpoint, p.Path, ""),
			latency: m.latency.WithLabelValues(endpoint, p.Path),
		}
	}
	return func(path, appCode string, d time.Duration) {
		s, ok := known[path]
		if !ok {
			path = "(unknown)"
			s.latency = m.latency.WithLabelValues(endpoint, path)
		}
		if ok && appCode == "" {
			s.ok.Inc()
		} else {
			m.calls.WithLabelValues(endpoint, path, appCode).Inc()
		}
		s.latency.Observe(d.Seconds())
	}
}

func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{})
}

// count wraps a route group to count its answers by status.
func (m *metrics) count(route string, next http.Handler) http.Handler {
	byStatus := &statusCounters{vec: m.requests, route: route}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(sw, r)
		byStatus.inc(sw.status)
	})
}

// statusCounters resolves each status's series of one route once, on first use
// (creating all of them up front would export hundreds of empty series).
type statusCounters struct {
	vec   *prometheus.CounterVec
	route string
	seen  [600]atomic.Pointer[prometheus.Counter]
}

func (c *statusCounters) inc(status int) {
	if status < 0 || status >= len(c.seen) {
		c.vec.WithLabelValues(c.route, strconv.Itoa(status)).Inc()
		return
	}
	if p := c.seen[status].Load(); p != nil {
		(*p).Inc()
		return
	}
	ctr := c.vec.WithLabelValues(c.route, strconv.Itoa(status))
	c.seen[status].Store(&ctr)
	ctr.Inc()
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
