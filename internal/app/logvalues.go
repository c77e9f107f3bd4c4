package app

import (
	"fmt"
	"log/slog"
	"unicode/utf8"
)

// maxLogValue bounds each value of a log line (its message aside): much of
// what is logged comes from outside (alarm kinds and station ids from MQTT,
// user agents, client errors), and a 60 KB forged value must not become a
// 60 KB line. 1 KB keeps every value lockerd writes itself whole.
const maxLogValue = 1024

// boundLogValue is the logger's slog.HandlerOptions.ReplaceAttr: a string
// (or an error's text) longer than maxLogValue is cut at a character
// boundary and says how long it was. The message is lockerd's own words.
func boundLogValue(_ []string, a slog.Attr) slog.Attr {
	if a.Key == slog.MessageKey {
		return a
	}
	var s string
	switch a.Value.Kind() {
	case slog.KindString:
		s = a.Value.String()
	case slog.KindAny:
		err, ok := a.Value.Any().(error)
		if !ok || err == nil {
			return a
		}
		s = err.Error()
	default:
		return a
	}
	if len(s) <= maxLogValue {
		return a
	}
	cut := maxLogValue
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	a.Value = slog.StringValue(fmt.Sprintf("%s…[cut: %d bytes]", s[:cut], len(s)))
	return a
}
