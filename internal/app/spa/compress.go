package spa

import (
	"bytes"
	"compress/gzip"
	"io/fs"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
)

// compressibleExt are the text formats of the web build worth gzipping; images
// and fonts there are already compressed.
var compressibleExt = map[string]bool{
	".js": true, ".mjs": true, ".css": true, ".html": true, ".svg": true,
	".json": true, ".webmanifest": true, ".txt": true, ".map": true,
}

// gzipCache holds the gzipped form of each embedded text file, made on its first
// request (best compression, once per process: the files never change).
type gzipCache struct {
	files   fs.FS
	entries sync.Map // name → *gzipEntry
}

type gzipEntry struct {
	once sync.Once
	data []byte // nil when the file cannot be read or does not shrink
}

// get returns the gzipped bytes of name, or nil when it is not worth sending so.
func (c *gzipCache) get(name string) []byte {
	if !compressibleExt[path.Ext(name)] {
		return nil
	}
	v, _ := c.entries.LoadOrStore(name, &gzipEntry{})
	e := v.(*gzipEntry)
	e.once.Do(func() {
		raw, err := fs.ReadFile(c.files, name)
		if err == nil {
			e.data = gzipBytes(raw)
		}
	})
	return e.data
}

// gzipBytes compresses b, or returns nil when that does not make it smaller.
func gzipBytes(b []byte) []byte {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression) // the level is valid
	_, _ = zw.Write(b)                                       // a bytes.Buffer does not fail
	_ = zw.Close()
	if buf.Len() >= len(b) {
		return nil
	}
	return buf.Bytes()
}

// acceptsGzip reports whether the request's Accept-Encoding allows gzip (a
// "gzip;q=0" refuses it).
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(coding), "gzip") {
			continue
		}
		q, hasQ := strings.CutPrefix(strings.ReplaceAll(params, " ", ""), "q=")
		weight, err := strconv.ParseFloat(q, 64)
		return !hasQ || err != nil || weight > 0 // a malformed weight is not a refusal
	}
	return false
}
