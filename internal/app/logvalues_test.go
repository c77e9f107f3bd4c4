package app

import (
	"bytes"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"unicode/utf8"
)

// A forged 60 KB alarm kind, a long user agent or error is cut in the log
// line to about 1 KB, at a character boundary, saying how long it was;
// short values and the message stay whole.
func TestLoggedValuesAreBounded(t *testing.T) {
	var buf bytes.Buffer
	log := NewLogger(&buf, slog.LevelInfo)
	kind := strings.Repeat("ä", 30_000) // 60 KB, two bytes a character
	log.Warn("station alarm of an unknown kind", "kind", kind, "station", "st-1",
		"err", errors.New(strings.Repeat("e", 5000)), "n", 42)
	line := buf.String()
	if len(line) > 4*maxLogValue {
		t.Fatalf("the line is %d bytes", len(line))
	}
	var rec map[string]any
	if err := json.Unmarshal([]byte(line), &rec); err != nil {
		t.Fatal(err)
	}
	got, _ := rec["kind"].(string)
	if !utf8.ValidString(got) || !strings.HasSuffix(got, "…[cut: 60000 bytes]") || len(got) > maxLogValue+40 {
		t.Fatalf("kind logged as %d bytes: %.40q…", len(got), got)
	}
	if e, _ := rec["err"].(string); !strings.HasSuffix(e, "[cut: 5000 bytes]") {
		t.Fatalf("err logged as %.60q", e)
	}
	if rec["station"] != "st-1" || rec["n"] != float64(42) || rec["msg"] != "station alarm of an unknown kind" {
		t.Fatalf("short values changed: %v", rec)
	}
}
