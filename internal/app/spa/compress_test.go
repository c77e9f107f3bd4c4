package spa

import (
	"bytes"
	"compress/gzip"
	"io"
	"strings"
	"testing"
	"testing/fstest"
)

func TestTextFilesGoGzippedToBrowsersThatAcceptIt(t *testing.T) {
	script := strings.Repeat("export const greeting = 'hello lockers';\n", 200)
	index := `<html><head><meta name="sentry-dsn" content=""></head><body>` + strings.Repeat("<p>app</p>", 100) + `</body></html>`
	srv := newSite(fstest.MapFS{
		"index.html":           {Data: []byte(index)},
		"assets/index-a1b2.js": {Data: []byte(script)},
		"assets/logo-c3d4.png": {Data: bytes.Repeat([]byte{0x89, 'P', 'N', 'G'}, 300)},
	}, "")

	cases := []struct {
		name, path, accept, want string
		gzipped                  bool
	}{
		{"asset, gzip accepted", "/assets/index-a1b2.js", "gzip, deflate, br", script, true},
		{"asset, gzip refused", "/assets/index-a1b2.js", "gzip;q=0, br", script, false},
		{"asset, no Accept-Encoding", "/assets/index-a1b2.js", "", script, false},
		{"client route → index.html", "/orders/active", "gzip", index, true},
		{"index.html", "/", "GZIP", index, true},
	}
	for _, c := range cases {
		rec := get(t, srv, c.path, "Accept-Encoding", c.accept)
		if rec.Code != 200 {
			t.Fatalf("%s: status %d", c.name, rec.Code)
		}
		if got := rec.Header().Get("Vary"); got != "Accept-Encoding" {
			t.Errorf("%s: Vary %q", c.name, got)
		}
		body := rec.Body.Bytes()
		if c.gzipped {
			if rec.Header().Get("Content-Encoding") != "gzip" {
				t.Fatalf("%s: not gzipped", c.name)
			}
			if len(body) >= len(c.want) {
				t.Errorf("%s: %d gzipped bytes for %d", c.name, len(body), len(c.want))
			}
			zr, err := gzip.NewReader(bytes.NewReader(body))
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			if body, err = io.ReadAll(zr); err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
		} else if enc := rec.Header().Get("Content-Encoding"); enc != "" {
			t.Errorf("%s: Content-Encoding %q", c.name, enc)
		}
		if string(body) != c.want {
			t.Errorf("%s: body differs from the file", c.name)
		}
		if ct := rec.Header().Get("Content-Type"); ct == "" || strings.Contains(ct, "gzip") {
			t.Errorf("%s: Content-Type %q", c.name, ct)
		}
	}

	// Images are already compressed: sent as they are.
	png := get(t, srv, "/assets/logo-c3d4.png", "Accept-Encoding", "gzip")
	if png.Header().Get("Content-Encoding") != "" || png.Header().Get("Vary") != "" {
		t.Errorf("png: Content-Encoding %q, Vary %q", png.Header().Get("Content-Encoding"), png.Header().Get("Vary"))
	}
}
