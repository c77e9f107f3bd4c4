package app

import "net/http"

// contentSecurityPolicy allows only this origin's scripts and styles (Vite emits
// no inline scripts), images from data: URLs, map tiles from OpenStreetMap, and
// error reports to Sentry's ingest hosts.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: https://*.tile.openstreetmap.org; font-src 'self' data:; " +
	"connect-src 'self' https://*.ingest.sentry.io https://*.ingest.de.sentry.io; " +
	"frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'"

// withSecurityHeaders sets the headers every answer carries.
func withSecurityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(self)")
		next.ServeHTTP(w, r)
	})
}
