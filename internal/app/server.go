package app

import (
	"context"
	"encoding/json"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"lockers/internal/api"
	"lockers/internal/app/spa"
	"lockers/internal/apperr"
	"lockers/internal/rpc"
)

// Server is lockerd's HTTP surface: the two tRPC endpoints, probes, metrics and
// the web app, behind request ids and security headers.
type Server struct {
	deps    api.Deps
	log     *slog.Logger
	metrics *metrics
	handler http.Handler
}

// ServerOptions configure NewServer.
type ServerOptions struct {
	Deps        api.Deps
	Log         *slog.Logger
	Web         fs.FS // the built SPA (web.Dist)
	CORSOrigins []string
	SentryDSN   string
	// TileOrigin is where the station map's tiles come from; the page's
	// Content-Security-Policy allows images from it ("" for none).
	TileOrigin string
	// HSTS sends Strict-Transport-Security on every answer (hstsFor: PUBLIC_URL
	// is https).
	HSTS bool
	// Context identifies the caller of a tRPC request (bearer token → principal).
	Context func(ctx context.Context, r *http.Request) (context.Context, error)
	// Admit spends each call's per-user write budget (budgets.go); nil admits all.
	Admit func(ctx context.Context, path string) error
	// InvoicePDF serves GET /invoices/{invoiceUuid}.pdf (invoice_pdf.go); nil
	// leaves the route to the web app.
	InvoicePDF http.Handler
	// StatisticsCSV serves GET /c-core/admin/statistics.csv (statistics_csv.go); nil leaves it out.
	StatisticsCSV http.Handler
	// OfficeCSV serves GET /c-core/admin/{orders,payments,audit}.csv by list
	// name (office_csv.go); nil leaves them out.
	OfficeCSV map[string]http.Handler
	// Webhook takes the payment provider's notifications at POST
	// /webhooks/{WebhookProvider}; DemoPages, when set, are the demo
	// provider's hosted pages under /demo-pay/.
	Webhook         http.Handler
	WebhookProvider string
	DemoPages       http.Handler
	// MetricsToken lets its bearer read /metrics on this server; "" serves
	// it only through MetricsHandler (METRICS_ADDR).
	MetricsToken string
	// Collectors are more series for /metrics (metrics_ops.go).
	Collectors []prometheus.Collector
	// TestClock, when set (TEST_CLOCK), serves POST /c-core/test/remind.
	TestClock http.Handler
	// IssuePhotos takes and serves the photos of issue reports at
	// /c-core/issues/photos (issue_photos.go); nil leaves them out.
	IssuePhotos *issuePhotos
}

// NewServer builds the handler tree.
func NewServer(o ServerOptions) (*Server, error) {
	s := &Server{deps: o.Deps, log: o.Log, metrics: newMetrics()}
	s.metrics.registry.MustRegister(o.Collectors...)
	endpoint := func(name string, procs []rpc.Procedure) (http.Handler, error) {
		return rpc.NewHandler(procs, rpc.Options{
			Prefix:       "/c-core/trpc/" + name,
			Context:      o.Context,
			Admit:        o.Admit,
			CORSOrigins:  o.CORSOrigins,
			Logger:       o.Log,
			Observe:      s.metrics.observer(name, procs),
			MaxBatchSize: 32,
			MaxBodyBytes: 1 << 20,
		})
	}
	hybrid, err := endpoint("hybrid", api.Hybrid(o.Deps))
	if err != nil {
		return nil, err
	}
	admin, err := endpoint("admin", api.Admin(o.Deps))
	if err != nil {
		return nil, err
	}

	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", s.healthz)
	mux.HandleFunc("GET /readyz", s.readyz)
	mux.Handle("GET /metrics", metricsRoute(o.MetricsToken, s.metrics.handler()))
	if o.Webhook != nil {
		mux.Handle("POST /webhooks/"+o.WebhookProvider, s.metrics.count("webhook", o.Webhook))
	}
	if o.DemoPages != nil {
		mux.Handle("/demo-pay/", s.metrics.count("demo-pay", o.DemoPages))
	}
	web := s.metrics.count("web", spa.New(o.Web, o.SentryDSN, spa.DocumentCSP(o.TileOrigin)))
	mux.Handle("/", web)
	if o.InvoicePDF != nil {
		// Only the .pdf names are the download; any other /invoices/ path is
		// the web app's to route.
		pdf := s.metrics.count("invoice_pdf", o.InvoicePDF)
		mux.Handle("GET /invoices/{file}", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.PathValue("file"), ".pdf") {
				pdf.ServeHTTP(w, r)
				return
			}
			web.ServeHTTP(w, r)
		}))
	}
	if o.TestClock != nil {
		mux.Handle("POST /c-core/test/remind", o.TestClock)
	}
	if o.StatisticsCSV != nil {
		mux.Handle("GET /c-core/admin/statistics.csv", s.metrics.count("admin_csv", o.StatisticsCSV))
	}
	for kind, h := range o.OfficeCSV {
		mux.Handle("GET /c-core/admin/"+kind+".csv", s.metrics.count("admin_csv", h))
	}
	if o.IssuePhotos != nil {
		// The native app calls these from its own origin, as it calls tRPC.
		cors := func(h http.HandlerFunc) http.Handler {
			return s.metrics.count("issue_photo", rpc.WithCORS(o.CORSOrigins, h))
		}
		mux.Handle("POST /c-core/issues/photos", cors(o.IssuePhotos.upload))
		mux.Handle("GET /c-core/issues/photos/{ref}", cors(o.IssuePhotos.serve))
		if len(o.CORSOrigins) > 0 { // WithCORS answers the preflight; next is never called
			mux.Handle("OPTIONS /c-core/issues/photos", cors(nil))
			mux.Handle("OPTIONS /c-core/issues/photos/{ref}", cors(nil))
		}
	}
	routes := withTRPC(mux, s.metrics.count("trpc", hybrid), s.metrics.count("trpc", admin))
	secured := spa.WithSecurityHeaders(withRecover(o.Log, routes), spa.DocumentCSP(o.TileOrigin))
	if o.HSTS {
		secured = spa.WithHSTS(secured)
	}
	s.handler = withRequestID(secured)
	return s, nil
}

// withTRPC sends the two tRPC endpoints' paths straight to their handlers, which
// take every method and answer unknown procedures themselves; the mux's pattern
// matching is left to the few other routes.
func withTRPC(mux http.Handler, hybrid, admin http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch p := r.URL.Path; {
		case strings.HasPrefix(p, "/c-core/trpc/hybrid/"):
			hybrid.ServeHTTP(w, r)
		case strings.HasPrefix(p, "/c-core/trpc/admin/"):
			admin.ServeHTTP(w, r)
		default:
			mux.ServeHTTP(w, r)
		}
	})
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.handler.ServeHTTP(w, r) }

// healthz says the process is up; it checks nothing else (liveness).
func (s *Server) healthz(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// readyz says whether the service can take traffic: the database answers.
func (s *Server) readyz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if s.deps.Ping != nil {
		if err := s.deps.Ping(ctx); err != nil {
			s.log.WarnContext(ctx, "readiness: database unreachable", "err", err)
			writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable", "database": "unavailable"})
			return
		}
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok", "database": "ok"})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// withRecover turns a panic outside the rpc handler (which recovers its own)
// into 500 GENERAL_ERROR without details (httpError); the panic is logged with
// the request id.
func withRecover(log *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				log.ErrorContext(r.Context(), "panic serving request", "panic", v, "path", r.URL.Path)
				reportPanic(r.Context(), v)
				httpError(w, r, log, codeError(apperr.GeneralError))
			}
		}()
		next.ServeHTTP(w, r)
	})
}
