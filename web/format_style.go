package web

import _ "embed"

// FormatStyle is the one description of how dates, times and durations are
// written in each language, and the product's default zone
// (src/lib/format/style.json): the web app's formatter and the server's
// (internal/format) both read it, so a screen and an e-mail write a date alike.
//
//go:embed src/lib/format/style.json
var FormatStyle []byte
