//go:build embedweb

// Package web holds the built single-page app. Built with -tags embedweb (as
// `make build` does), Dist is web/dist embedded in the binary; without the tag it
// is empty so that Go tests and tools never need a web build.
package web

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Dist is the built web app, rooted at its index.html.
var Dist fs.FS = mustSub(dist, "dist")

func mustSub(f fs.FS, dir string) fs.FS {
	sub, err := fs.Sub(f, dir)
	if err != nil {
		panic(err) // the embed pattern guarantees the folder exists
	}
	return sub
}
