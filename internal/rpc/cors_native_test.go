package rpc

import (
	"io"
	"log/slog"
	"testing"
)

// The native apps call lockerd from Capacitor's WebView origins (config's default
// CORS_ORIGINS): iOS capacitor://localhost, Android https://localhost. Both get the
// credentialed CORS answer; a look-alike origin does not.
func TestCORSAllowsTheNativeAppOrigins(t *testing.T) {
	h, err := NewHandler(testProcedures(), Options{
		Context:     testContext,
		Prefix:      "/trpc",
		CORSOrigins: []string{"capacitor://localhost", "https://localhost"},
		Logger:      slog.New(slog.NewJSONHandler(io.Discard, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, origin := range []string{"capacitor://localhost", "https://localhost"} {
		pre := do(h, "OPTIONS", "/trpc/ping", map[string]string{
			"Origin": origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type, authorization",
		}, "")
		if pre.Code != 204 || pre.Header().Get("Access-Control-Allow-Origin") != origin ||
			pre.Header().Get("Access-Control-Allow-Credentials") != "true" ||
			pre.Header().Get("Access-Control-Allow-Headers") != "content-type, authorization" {
			t.Errorf("preflight from %s: %d %v", origin, pre.Code, pre.Header())
		}
		got := do(h, "GET", "/trpc/ping", map[string]string{"Origin": origin}, "")
		if got.Code != 200 || got.Header().Get("Access-Control-Allow-Origin") != origin {
			t.Errorf("query from %s: %d, Access-Control-Allow-Origin %q", origin, got.Code, got.Header().Get("Access-Control-Allow-Origin"))
		}
	}
	for _, origin := range []string{"http://localhost", "capacitor://localhost.evil.example", "https://localhost:8443"} {
		got := do(h, "GET", "/trpc/ping", map[string]string{"Origin": origin}, "")
		if v := got.Header().Get("Access-Control-Allow-Origin"); v != "" {
			t.Errorf("query from %s allowed as %q", origin, v)
		}
	}
}
