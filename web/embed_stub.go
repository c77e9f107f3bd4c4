//go:build !embedweb

package web

import (
	"io/fs"
	"testing/fstest"
)

// Dist is empty without the embedweb build tag; lockerd then answers page
// requests with a short note that the web app was not built in.
var Dist fs.FS = fstest.MapFS{}
