package app

import (
	"encoding/csv"
	"net/http"
	"regexp"
	"strconv"
	"time"
)

// Every CSV lockerd serves is written by csvOut, the one place that makes a
// cell safe to open in a spreadsheet (docs/security.md, "Exports").

// csvOut writes rows of a CSV file, each cell neutralised (safeCell).
type csvOut struct{ w *csv.Writer }

// csvAttachment starts a CSV download named name (never cached: it holds
// customers' data) and returns its writer.
func csvAttachment(w http.ResponseWriter, name string) *csvOut {
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	w.Header().Set("Cache-Control", "no-store")
	return &csvOut{w: csv.NewWriter(w)}
}

// Write writes one row; the cells are neutralised, the row is quoted as
// RFC 4180 asks (encoding/csv).
func (o *csvOut) Write(row []string) error {
	safe := make([]string, len(row))
	for i, c := range row {
		safe[i] = safeCell(c)
	}
	return o.w.Write(safe)
}

// Flush sends what is buffered.
func (o *csvOut) Flush() { o.w.Flush() }

// plainNumber is a cell a spreadsheet reads as a number and nothing else:
// an amount like -0.50 stays a number.
var plainNumber = regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?$`)

// safeCell neutralises formula injection by OWASP's rule: a cell that starts
// with =, +, -, @, a tab or a carriage return is prefixed with a single
// quote, so a spreadsheet shows it as text instead of running it (an e-mail
// =1+2@example.com, an operator's note =HYPERLINK(...)). Plain numbers,
// negative ones included, are left as they are.
func safeCell(s string) string {
	if s == "" || plainNumber.MatchString(s) {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + s
	}
	return s
}

// euros writes integer cents as euros with two decimals and a dot: -0.50.
func euros(cents int64) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	frac := strconv.FormatInt(cents%100, 10)
	if len(frac) == 1 {
		frac = "0" + frac
	}
	return sign + strconv.FormatInt(cents/100, 10) + "." + frac
}

// csvTime reads a date or an RFC 3339 time.
func csvTime(s string) (time.Time, error) {
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		return t, nil
	}
	t, err := time.Parse(time.RFC3339, s)
	return t.UTC(), err
}
