package officesql

import (
	"encoding/base64"
	"fmt"
	"strings"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/backoffice"
)

// cursor is the key of the last row of a page: lists are ordered newest first
// by (created_at, id), and the next page starts strictly after this key. Keyset
// paging costs the same deep into a list as on its first page (OFFSET would
// read and throw away every row before).
type cursor struct {
	At time.Time
	ID string
}

// encode makes the opaque token the client sends back as "cursor".
func (c cursor) encode() string {
	return base64.RawURLEncoding.EncodeToString([]byte(c.At.UTC().Format(time.RFC3339Nano) + "|" + c.ID))
}

// decodeCursor reads a token; "" is the first page.
func decodeCursor(s string) (cursor, bool, error) {
	if s == "" {
		return cursor{}, false, nil
	}
	raw, err := base64.RawURLEncoding.DecodeString(s)
	bad := apperr.Field(apperr.BadInput, "cursor", "cursor is not one this server gave")
	if err != nil {
		return cursor{}, false, bad
	}
	at, id, ok := strings.Cut(string(raw), "|")
	t, terr := time.Parse(time.RFC3339Nano, at)
	if !ok || terr != nil || !validID(id) {
		return cursor{}, false, bad
	}
	return cursor{At: t.UTC(), ID: id}, true, nil
}

// limit clamps a requested page size.
func limit(n int) int {
	switch {
	case n <= 0:
		return backoffice.DefaultLimit
	case n > backoffice.MaxLimit:
		return backoffice.MaxLimit
	}
	return n
}

// where builds a WHERE clause with $N placeholders in order.
type where struct {
	conds []string
	args  []any
}

// add appends a condition whose "?" marks are replaced by the next placeholders.
func (w *where) add(cond string, args ...any) {
	for _, a := range args {
		w.args = append(w.args, a)
		cond = strings.Replace(cond, "?", fmt.Sprintf("$%d", len(w.args)), 1)
	}
	w.conds = append(w.conds, cond)
}

// after adds the keyset condition for a newest-first list on (col, idCol).
// It is a row-value comparison: both engines walk an index on (col, idCol)
// from the key with it, where SQLite scanned and sorted the whole table for
// the equivalent "col < ? OR (col = ? AND id < ?)" (seconds at a million
// orders).
func (w *where) after(c cursor, ok bool, col, idCol string) {
	if ok {
		w.add(fmt.Sprintf("(%s, %s) < (?, ?)", col, idCol), c.At, c.ID)
	}
}

func (w *where) sql() string {
	if len(w.conds) == 0 {
		return ""
	}
	return " WHERE " + strings.Join(w.conds, " AND ")
}

// arg adds a value and returns its placeholder (for LIMIT).
func (w *where) arg(v any) string {
	w.args = append(w.args, v)
	return fmt.Sprintf("$%d", len(w.args))
}

// searchPattern escapes LIKE's wildcards in a user's search text.
func searchPattern(q string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(strings.ToLower(strings.TrimSpace(q))) + "%"
}
