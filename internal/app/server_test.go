package app

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"lockers/internal/api"
	"lockers/internal/app/spa"
)

// apiCSP is the policy of every machine-facing answer (payments_test.go checks the webhook's).
const apiCSP = spa.APICSP

var webFiles = fstest.MapFS{
	"index.html":           {Data: []byte(`<html><head><meta name="sentry-dsn" content=""></head><body>app</body></html>`)},
	"assets/index-a1b2.js": {Data: []byte(`console.log(1)`)},
	"favicon.svg":          {Data: []byte(`<svg/>`)},
}

func newTestServer(t *testing.T, ping func(context.Context) error, dsn string) *Server {
	t.Helper()
	return newServerWith(t, ServerOptions{Deps: api.Deps{Ping: ping}, Web: webFiles, SentryDSN: dsn})
}

// newServerWith builds a server from o, with the test versions and a silent log.
func newServerWith(t testing.TB, o ServerOptions) *Server {
	t.Helper()
	o.Deps.Version, o.Deps.MinAppVersion = AppVersion, AppVersion
	o.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	srv, err := NewServer(o)
	if err != nil {
		t.Fatal(err)
	}
	return srv
}

func get(t *testing.T, h http.Handler, target string, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, target, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestSecurityHeadersOnEveryAnswer(t *testing.T) {
	srv := newTestServer(t, nil, "")
	for _, path := range []string{"/", "/healthz", "/c-core/trpc/hybrid/system.info", "/assets/index-a1b2.js"} {
		h := get(t, srv, path).Header()
		for _, name := range []string{"Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options"} {
			if h.Get(name) == "" {
				t.Errorf("%s: no %s header", path, name)
			}
		}
		if !strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors 'none'") {
			t.Errorf("%s: CSP does not deny framing: %q", path, h.Get("Content-Security-Policy"))
		}
	}
}

func TestProbes(t *testing.T) {
	up := newTestServer(t, func(context.Context) error { return nil }, "")
	down := newTestServer(t, func(context.Context) error { return errors.New("connection refused") }, "")
	if rec := get(t, up, "/healthz"); rec.Code != http.StatusOK {
		t.Fatalf("healthz: %d", rec.Code)
	}
	if rec := get(t, up, "/readyz"); rec.Code != http.StatusOK {
		t.Fatalf("readyz with a database: %d", rec.Code)
	}
	rec := get(t, down, "/readyz")
	if rec.Code != http.StatusServiceUnavailable || strings.Contains(rec.Body.String(), "refused") {
		t.Fatalf("readyz without a database: %d %s", rec.Code, rec.Body.String())
	}
	if rec := get(t, down, "/healthz"); rec.Code != http.StatusOK {
		t.Fatalf("healthz must not depend on the database: %d", rec.Code)
	}
}

func TestMetricsCountProcedureCalls(t *testing.T) {
	srv := newTestServer(t, nil, "")
	get(t, srv, "/c-core/trpc/hybrid/system.info")
	get(t, srv, "/c-core/trpc/hybrid/system.info")
	get(t, srv, "/c-core/trpc/hybrid/no.such")
	body := get(t, srv.MetricsHandler(), "/metrics").Body.String()
	for _, want := range []string{
		`lockerd_rpc_calls_total{app_code="",endpoint="hybrid",procedure="system.info"} 2`,
		`lockerd_rpc_call_duration_seconds_count{endpoint="hybrid",procedure="system.info"} 2`,
		`lockerd_http_requests_total{route="trpc",status="200"} 2`,
		`lockerd_http_requests_total{route="trpc",status="404"} 1`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
}

func TestRequestIDs(t *testing.T) {
	srv := newTestServer(t, nil, "")
	if id := get(t, srv, "/healthz").Header().Get("X-Request-Id"); len(id) != 24 {
		t.Fatalf("generated request id %q", id)
	}
	if id := get(t, srv, "/healthz", "X-Request-Id", "edge-42").Header().Get("X-Request-Id"); id != "edge-42" {
		t.Fatalf("a proxy's id was replaced: %q", id)
	}
	if id := get(t, srv, "/healthz", "X-Request-Id", "bad id\nforged=1").Header().Get("X-Request-Id"); strings.ContainsAny(id, " \n=") {
		t.Fatalf("an unsafe id was echoed: %q", id)
	}
}

func TestLogRecordsCarryTheRequestID(t *testing.T) {
	var buf strings.Builder
	log := slog.New(NewLogHandler(slog.NewJSONHandler(&buf, nil)))
	h := withRequestID(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		log.InfoContext(r.Context(), "hello")
	}))
	get(t, h, "/", "X-Request-Id", "abc123")
	if !strings.Contains(buf.String(), `"request_id":"abc123"`) {
		t.Fatalf("log line without request id: %s", buf.String())
	}
}
