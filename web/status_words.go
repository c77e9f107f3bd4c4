package web

import _ "embed"

// StatusWords is the one table of status words in English and Estonian
// (src/locales/status-words.json): the screens read it through their status
// namespace, the server's PDFs, e-mails and notifications through
// internal/statuswords.
//
//go:embed src/locales/status-words.json
var StatusWords []byte
