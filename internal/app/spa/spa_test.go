package spa

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
)

var webFiles = fstest.MapFS{
	"index.html":           {Data: []byte(`<html><head><meta name="sentry-dsn" content=""></head><body>app</body></html>`)},
	"assets/index-a1b2.js": {Data: []byte(`console.log(1)`)},
	"favicon.svg":          {Data: []byte(`<svg/>`)},
	"sw.js":                {Data: []byte(`self.define()`)},
	"manifest.webmanifest": {Data: []byte(`{"name":"Lockers"}`)},
}

// newSite is the web app as lockerd mounts it: behind the security headers.
func newSite(files fstest.MapFS, sentryDSN string) http.Handler {
	return WithSecurityHeaders(New(files, sentryDSN, documentCSP), documentCSP)
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

func TestSPAServing(t *testing.T) {
	srv := newSite(webFiles, "")
	cases := []struct {
		path, status, cache, body string
	}{
		{"/", "200", "no-cache", "<html>"},
		{"/index.html", "200", "no-cache", "<html>"},
		{"/orders/active", "200", "no-cache", "<html>"}, // client route → index.html
		{"/admin/stations?x=1", "200", "no-cache", "<html>"},
		{"/assets/index-a1b2.js", "200", "public, max-age=31536000, immutable", "console.log"},
		{"/favicon.svg", "200", "public, max-age=3600", "<svg/>"},
		{"/assets/index-gone.js", "404", "", "404"},  // a stale asset is a real 404
		{"/sw.js", "200", "no-cache", "self.define"}, // the worker names the release
		{"/manifest.webmanifest", "200", "no-cache", "Lockers"},
	}
	for _, c := range cases {
		rec := get(t, srv, c.path)
		if got := strconv.Itoa(rec.Code); got != c.status {
			t.Errorf("%s: status %s, want %s", c.path, got, c.status)
		}
		if c.cache != "" && !strings.HasPrefix(rec.Header().Get("Cache-Control"), c.cache) {
			t.Errorf("%s: Cache-Control %q, want %q", c.path, rec.Header().Get("Cache-Control"), c.cache)
		}
		if !strings.Contains(rec.Body.String(), c.body) {
			t.Errorf("%s: body %q lacks %q", c.path, rec.Body.String(), c.body)
		}
	}
}

func TestSentryDSNIsWrittenIntoTheIndexOnlyWhenSet(t *testing.T) {
	on := get(t, newSite(webFiles, "https://key@o1.ingest.sentry.io/2"), "/").Body.String()
	if !strings.Contains(on, `content="https://key@o1.ingest.sentry.io/2"`) {
		t.Fatalf("DSN missing from index.html: %s", on)
	}
	off := get(t, newSite(webFiles, ""), "/").Body.String()
	if !strings.Contains(off, `<meta name="sentry-dsn" content="">`) {
		t.Fatalf("index.html changed without a DSN: %s", off)
	}
}

func TestManifestHasItsRegisteredType(t *testing.T) {
	rec := get(t, newSite(webFiles, ""), "/manifest.webmanifest")
	if got := rec.Header().Get("Content-Type"); got != "application/manifest+json" {
		t.Errorf("Content-Type %q, want application/manifest+json", got)
	}
}

// documentCSP is the policy with OpenStreetMap's tiles, lockerd's default.
var documentCSP = DocumentCSP("https://tile.openstreetmap.org")

func TestDocumentCSPAllowsTheTileOriginOnly(t *testing.T) {
	srv := WithSecurityHeaders(New(webFiles, "", DocumentCSP("http://127.0.0.1:9999")), DocumentCSP("http://127.0.0.1:9999"))
	for _, path := range []string{"/", "/favicon.svg"} {
		csp := get(t, srv, path).Header().Get("Content-Security-Policy")
		if !strings.Contains(csp, "img-src 'self' data: http://127.0.0.1:9999;") {
			t.Errorf("%s: CSP %q does not allow the tiles", path, csp)
		}
	}
	if csp := DocumentCSP(""); !strings.Contains(csp, "img-src 'self' data:;") {
		t.Errorf("no tiles: CSP %q", csp)
	}
}
