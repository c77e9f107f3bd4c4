package app

import (
	"crypto/subtle"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"
)

// metricsRoute is GET /metrics on lockerd's own address, which the public
// reaches: the series (every procedure's calls and errors, the job queue's
// state, the process's memory) are for the monitoring system only. With a
// token (METRICS_TOKEN) only its bearer reads them; without one the route
// does not exist there, and the series are served on METRICS_ADDR alone
// (Server.MetricsHandler).
func metricsRoute(token string, series http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if token == "" {
			http.NotFound(w, r)
			return
		}
		got := bearerToken(r.Header.Get("Authorization"))
		if subtle.ConstantTimeCompare([]byte(got), []byte(token)) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="metrics"`)
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		series.ServeHTTP(w, r)
	})
}

// MetricsHandler serves the series as they are, for the METRICS_ADDR
// listener (a network only the monitoring system reaches).
func (s *Server) MetricsHandler() http.Handler { return s.metrics.handler() }

// serveMetrics listens on addr and serves only GET /metrics there until the
// returned function closes it.
func serveMetrics(addr string, series http.Handler, log *slog.Logger) (func(), error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("METRICS_ADDR: %w", err)
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", series)
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second, WriteTimeout: 30 * time.Second,
		ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	go func() { _ = hs.Serve(ln) }()
	log.Info("metrics listening", "addr", ln.Addr().String())
	return func() { _ = hs.Close() }, nil
}
