package rpc

import (
	"net/http"
	"strings"
)

const (
	corsMethods = "GET, POST, OPTIONS"
	corsHeaders = "content-type, authorization, trpc-accept, x-request-id"
	corsMaxAge  = "600"
)

// cors adds the CORS response headers when the request comes from one of the
// configured origins. Credentials are allowed, so the origin is echoed exactly,
// never "*".
func (h *handler) cors(hdr http.Header, r *http.Request) bool {
	if len(h.origins) == 0 {
		return false
	}
	origin := r.Header.Get("Origin")
	if _, ok := h.origins[origin]; !ok || origin == "" {
		return false
	}
	hdr.Set("Access-Control-Allow-Origin", origin)
	hdr.Set("Access-Control-Allow-Credentials", "true")
	return true
}

// preflight answers OPTIONS. tRPC itself does not; browsers send it before any
// POST with a JSON body or an authorization header. A foreign origin gets the
// 204 without the allow headers, which the browser treats as a refusal.
func (h *handler) preflight(w http.ResponseWriter, r *http.Request, allowed bool) {
	if allowed {
		hdr := w.Header()
		hdr.Set("Access-Control-Allow-Methods", corsMethods)
		allow := corsHeaders
		if req := strings.TrimSpace(r.Header.Get("Access-Control-Request-Headers")); req != "" {
			allow = req // the origin is trusted; let its client send its own headers
		}
		hdr.Set("Access-Control-Allow-Headers", allow)
		hdr.Set("Access-Control-Max-Age", corsMaxAge)
		hdr.Add("Vary", "Access-Control-Request-Headers")
	}
	w.WriteHeader(http.StatusNoContent)
}

// WithCORS gives a route outside the tRPC endpoints the same CORS answers
// (the native app uploads an issue's photo to its own route): the allow
// headers for a configured origin, and OPTIONS answered as a preflight, never
// passed to next. With no origins it is next itself.
func WithCORS(origins []string, next http.Handler) http.Handler {
	if len(origins) == 0 {
		return next
	}
	h := &handler{origins: make(map[string]struct{}, len(origins))}
	for _, o := range origins {
		h.origins[o] = struct{}{}
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		allowed := h.cors(w.Header(), r)
		h.varyOrigin(w.Header())
		if r.Method == http.MethodOptions {
			h.preflight(w, r, allowed)
			return
		}
		next.ServeHTTP(w, r)
	})
}
