// Package version is lockerd's version: the one scripts/version.sh prints, which
// `make build` stamps with -ldflags "-X lockers/internal/version.stamped=…" and
// also gives the web app (Vite) and the image's label. A build that is not
// stamped (go test, go run, go build by hand) has web/package.json's version,
// the same file scripts/version.sh starts from.
package version

import (
	"strings"

	"lockers/web"
)

// stamped is set at link time; a variable initialised to anything but a
// constant could not be.
var stamped string

// String is the full version, e.g. "5.3.0" for a release or "5.3.0+g1a2b3c4d5e6f"
// for a build between releases.
func String() string {
	if stamped != "" {
		return stamped
	}
	return web.PackageVersion
}

// Core is String without build metadata or a leading "v": MAJOR.MINOR.PATCH for
// any version scripts/version.sh prints. It is MIN_APP_VERSION's default: the
// web app built with this lockerd always passes the check, an older app is asked
// to update.
func Core() string {
	v := strings.TrimPrefix(String(), "v")
	if i := strings.IndexByte(v, '+'); i >= 0 {
		v = v[:i]
	}
	return v
}
