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
