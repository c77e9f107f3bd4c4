package app

import (
	"encoding/csv"
	"net/http"
	"time"
)

// csvAttachment starts a CSV download named name (never cached: it holds
// customers' data) and returns its writer.
func csvAttachment(w http.ResponseWriter, name string) *csv.Writer {
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	w.Header().Set("Cache-Control", "no-store")
	return csv.NewWriter(w)
}

// csvTime reads a date or an RFC 3339 time.
func csvTime(s string) (time.Time, error) {
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		return t, nil
	}
	t, err := time.Parse(time.RFC3339, s)
	return t.UTC(), err
}
