//go:build !embedweb

package web

import (
	"embed"
	"io/fs"
)

// Dist is empty without the embedweb build tag (an embed.FS with no files);
// lockerd then answers page requests with a short note that the web app was
// not built in.
var Dist fs.FS = embed.FS{}
