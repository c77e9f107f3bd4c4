package spa

import (
	"net/http"
	"strings"
)

// DocumentCSP allows only this origin's scripts and styles (Vite emits no inline
// scripts), images from data: URLs and from the map tiles' origin (MAP_TILE_URL;
// "" for none), and error reports to Sentry's ingest hosts.
func DocumentCSP(tileOrigin string) string {
	img := "img-src 'self' data:"
	if tileOrigin != "" {
		img += " " + tileOrigin
	}
	return "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
		img + "; font-src 'self' data:; " +
		"connect-src 'self' https://*.ingest.sentry.io https://*.ingest.de.sentry.io; " +
		"frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'"
}

// APICSP is for answers that are data, never rendered as a page (OWASP's REST
// recommendation): nothing may load from them and nobody may frame them. The
// document-only headers (opener and permissions policies) mean nothing there.
const APICSP = "default-src 'none'; frame-ancestors 'none'"

// The header sets are built once; assigning a shared slice avoids canonicalising
// the names and allocating the values on every answer. Each slice is full
// (len == cap), so a later Add on the same name copies rather than writes into it.
type headerValue struct {
	name   string // canonical form
	values []string
}

func documentHeaders(csp string) []headerValue {
	return []headerValue{
		{"Content-Security-Policy", []string{csp}},
		{"X-Content-Type-Options", []string{"nosniff"}},
		{"Referrer-Policy", []string{"strict-origin-when-cross-origin"}},
		{"X-Frame-Options", []string{"DENY"}},
		{"Cross-Origin-Opener-Policy", []string{"same-origin"}},
		{"Permissions-Policy", []string{"camera=(), microphone=(), geolocation=(self)"}},
	}
}

var (
	apiHeaders = []headerValue{
		{"Content-Security-Policy", []string{APICSP}},
		{"X-Content-Type-Options", []string{"nosniff"}},
		{"Referrer-Policy", []string{"no-referrer"}},
		{"X-Frame-Options", []string{"DENY"}},
	}
)

// WithSecurityHeaders sets the headers every answer carries: the API's set on
// the tRPC endpoints and the probes, the document set (policy csp, see
// DocumentCSP) on everything else.
func WithSecurityHeaders(next http.Handler, csp string) http.Handler {
	docs := documentHeaders(csp)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		set := docs
		if isAPIPath(r.URL.Path) {
			set = apiHeaders
		}
		h := w.Header()
		for _, v := range set {
			h[v.name] = v.values
		}
		next.ServeHTTP(w, r)
	})
}

// isAPIPath tells the machine-facing paths from the web app's. Invoice PDFs
// are downloads, never pages: they get the API's set, whose no-referrer keeps
// a signed link out of any Referer.
func isAPIPath(p string) bool {
	return strings.HasPrefix(p, "/c-core/") || strings.HasPrefix(p, "/webhooks/") ||
		(strings.HasPrefix(p, "/invoices/") && strings.HasSuffix(p, ".pdf")) ||
		p == "/healthz" || p == "/readyz" || p == "/metrics"
}

// HSTS is the Strict-Transport-Security lockerd sends when users reach it over
// HTTPS (docs/security.md, "Transport"): a year, for this host only. No
// includeSubDomains (the operator's other hosts are not ours to pin) and no
// preload.
const HSTS = "max-age=31536000"

var hstsValue = []string{HSTS}

// WithHSTS adds Strict-Transport-Security to every answer. Browsers ignore it
// over plain HTTP, so it is safe behind a TLS-terminating proxy whichever way
// the proxy reaches lockerd.
func WithHSTS(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header()["Strict-Transport-Security"] = hstsValue
		next.ServeHTTP(w, r)
	})
}
