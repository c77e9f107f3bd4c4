// Package spa serves the embedded web app (index.html for client routes, hashed
// assets cached for a year, gzip, the page's CSP with its inline scripts' hashes)
// and sets the security headers of every answer lockerd gives. The server only
// mounts it.
package spa

import (
	"bytes"
	"html"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"time"
)

// handler serves the embedded web app: files under assets/ have content hashes in
// their names and are cached for a year; index.html is never cached, so a new
// release is picked up on the next load; any other path that is not a file
// answers with index.html for the client-side router. Text files go gzipped to
// browsers that accept it (a phone on a slow network fetches a third of the bytes).
type handler struct {
	files   fs.FS
	gz      *gzipCache
	index   []byte // nil when the binary was built without the web app
	indexGz []byte
	csp     []string // index.html's policy: allows its inline scripts by hash
}

// New reads index.html from files (the web build) once. When error reporting is on, the browser SDK's DSN
// is written into its <meta name="sentry-dsn"> tag (a DSN is meant to be public
// to browsers; it is still never logged). csp is the document policy (DocumentCSP)
// that index.html's inline-script hashes are added to.
func New(files fs.FS, sentryDSN, csp string) http.Handler {
	gz := &gzipCache{files: files}
	index, err := fs.ReadFile(files, "index.html")
	if err != nil {
		return &handler{files: files, gz: gz}
	}
	if sentryDSN != "" {
		index = bytes.Replace(index, []byte(`<meta name="sentry-dsn" content="">`),
			[]byte(`<meta name="sentry-dsn" content="`+html.EscapeString(sentryDSN)+`">`), 1)
	}
	return &handler{files: files, gz: gz, index: index, indexGz: gzipBytes(index), csp: []string{indexCSP(index, csp)}}
}

func (s *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if name != "" && name != "index.html" {
		if f, err := s.files.Open(name); err == nil {
			st, err := f.Stat()
			_ = f.Close()
			if err == nil && !st.IsDir() {
				if strings.HasPrefix(name, "assets/") {
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				} else if revalidated[name] {
					w.Header().Set("Cache-Control", "no-cache")
				} else {
					w.Header().Set("Cache-Control", "public, max-age=3600")
				}
				if gz := s.gz.get(name); gz != nil {
					w.Header().Set("Vary", "Accept-Encoding")
					if acceptsGzip(r) {
						serveGzipped(w, r, name, gz)
						return
					}
				}
				http.ServeFileFS(w, r, s.files, name)
				return
			}
		}
		// A missing hashed asset is a real 404: answering index.html would make the
		// browser run HTML as a script and hide the stale-deploy problem.
		if strings.HasPrefix(name, "assets/") {
			http.NotFound(w, r)
			return
		}
	}
	s.serveIndex(w, r)
}

// revalidated are the PWA's files that name a release: the service worker (its
// precache list decides which build the app runs) and the manifest. They are
// checked with the server on every load, so a new release is found at once.
var revalidated = map[string]bool{"sw.js": true, "manifest.webmanifest": true}

func init() {
	// Go's table lacks it; the manifest's registered type (W3C Web App Manifest).
	_ = mime.AddExtensionType(".webmanifest", "application/manifest+json")
}

func (s *handler) serveIndex(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-cache, no-store, must-revalidate")
	if s.index == nil {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte("lockerd was built without the web app: run `make build`.\n"))
		return
	}
	w.Header()["Content-Security-Policy"] = s.csp
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if s.indexGz != nil {
		w.Header().Set("Vary", "Accept-Encoding")
		if acceptsGzip(r) {
			serveGzipped(w, r, "index.html", s.indexGz)
			return
		}
	}
	http.ServeContent(w, r, "index.html", time.Time{}, bytes.NewReader(s.index))
}

// serveGzipped answers with the gzipped bytes of name, typed by its extension.
func serveGzipped(w http.ResponseWriter, r *http.Request, name string, gz []byte) {
	h := w.Header()
	if h.Get("Content-Type") == "" {
		h.Set("Content-Type", mime.TypeByExtension(path.Ext(name)))
	}
	h.Set("Content-Encoding", "gzip")
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(gz))
}
