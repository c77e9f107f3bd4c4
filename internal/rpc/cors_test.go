package rpc

import (
	"net/http"
	"strings"
	"testing"
)

func TestCORS(t *testing.T) {
	h := newTestHandler(t, nil, nil)
	cases := []struct {
		name, method, origin string
		status               int
		want                 map[string]string // "" means the header must be absent
	}{
		{"preflight from allowed origin", "OPTIONS", "https://app.example", 204, map[string]string{
			"Access-Control-Allow-Origin":      "https://app.example",
			"Access-Control-Allow-Credentials": "true",
			"Access-Control-Allow-Methods":     "GET, POST, OPTIONS",
			"Access-Control-Allow-Headers":     "content-type, authorization",
			"Access-Control-Max-Age":           "600",
			"Vary":                             "Origin, Access-Control-Request-Headers",
		}},
		{"preflight from foreign origin", "OPTIONS", "https://evil.example", 204, map[string]string{
			"Access-Control-Allow-Origin":      "",
			"Access-Control-Allow-Credentials": "",
			"Access-Control-Allow-Methods":     "",
			"Vary":                             "Origin",
		}},
		{"actual request from allowed origin", "GET", "https://app.example", 200, map[string]string{
			"Access-Control-Allow-Origin":      "https://app.example",
			"Access-Control-Allow-Credentials": "true",
			"Vary":                             "Origin, trpc-accept, accept",
		}},
		{"actual request from foreign origin", "GET", "https://evil.example", 200, map[string]string{
			"Access-Control-Allow-Origin": "",
		}},
		{"same-origin request", "GET", "", 200, map[string]string{
			"Access-Control-Allow-Origin": "",
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			hdr := map[string]string{"Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type, authorization"}
			if tc.origin != "" {
				hdr["Origin"] = tc.origin
			}
			rr := do(h, tc.method, "/trpc/ping", hdr, "")
			if rr.Code != tc.status {
				t.Fatalf("status = %d, want %d", rr.Code, tc.status)
			}
			for k, v := range tc.want {
				if got := strings.Join(rr.Header().Values(k), ", "); got != v {
					t.Errorf("%s = %q, want %q", k, got, v)
				}
			}
			if tc.method == "OPTIONS" && rr.Body.Len() != 0 {
				t.Errorf("preflight has a body: %q", rr.Body)
			}
		})
	}
}

func TestNoCORSHeadersWithoutOrigins(t *testing.T) {
	h, err := NewHandler(testProcedures(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	rr := do(h, "GET", "/ping", map[string]string{"Origin": "https://app.example"}, "")
	if rr.Code != http.StatusOK || rr.Header().Get("Access-Control-Allow-Origin") != "" {
		t.Fatalf("status %d, allow-origin %q", rr.Code, rr.Header().Get("Access-Control-Allow-Origin"))
	}
}
