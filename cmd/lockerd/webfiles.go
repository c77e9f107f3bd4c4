package main

import (
	"io/fs"
	"os"

	"lockers/web"
)

// benchWebDir names a directory of built web files that `lockerd serve` serves
// instead of the embedded web app. Only `make lighthouse` sets it: it serves the
// reference app (bench/reference-app) by the same server, so that the two are
// measured with the same HTTP, compression and headers.
const benchWebDir = "LOCKERD_BENCH_WEB_DIR"

// webFiles is the web app lockerd serves.
func webFiles() fs.FS {
	if dir := os.Getenv(benchWebDir); dir != "" {
		return os.DirFS(dir)
	}
	return web.Dist
}
