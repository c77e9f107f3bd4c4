package spa

import (
	"net/http"
	"strings"
)

// documentCSP allows only this origin's scripts and styles (Vite emits no inline
// scripts), images from data: URLs, map tiles from OpenStreetMap, and error
// reports to Sentry's ingest hosts.
const documentCSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: https://*.tile.openstreetmap.org; font-src 'self' data:; " +
	"connect-src 'self' https://*.ingest.sentry.io https://*.ingest.de.sentry.io; " +
	"frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'"

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

var (
	documentHeaders = []headerValue{
		{"Content-Security-Policy", []string{documentCSP}},
		{"X-Content-Type-Options", []string{"nosniff"}},
		{"Referrer-Policy", []string{"strict-origin-when-cross-origin"}},
		{"X-Frame-Options", []string{"DENY"}},
		{"Cross-Origin-Opener-Policy", []string{"same-origin"}},
		{"Permissions-Policy", []string{"camera=(), microphone=(), geolocation=(self)"}},
	}
	apiHeaders = []headerValue{
		{"Content-Security-Policy", []string{APICSP}},
		{"X-Content-Type-Options", []string{"nosniff"}},
		{"Referrer-Policy", []string{"no-referrer"}},
		{"X-Frame-Options", []string{"DENY"}},
	}
)

// WithSecurityHeaders sets the headers every answer carries: the API's set on
// the tRPC endpoints and the probes, the document set on everything else.
func WithSecurityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		set := documentHeaders
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
