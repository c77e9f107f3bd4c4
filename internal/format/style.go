// Package format is the server's one formatter of dates, times, durations and
// money for people: notifications, e-mails, SMS and invoice PDFs all write
// through it, in the style the web app's formatter (web/src/lib/format) writes
// on every screen. Both read the names and patterns from one file
// (web/src/lib/format/style.json) and are tested against one table of cases
// (web/src/lib/format/fixtures.json). Machine-readable output (CSV, JSON, logs)
// stays RFC 3339 and never comes here.
package format

import (
	"encoding/json"
	"fmt"
	"time"
	_ "time/tzdata" // the stations' zones on any machine, also one without zone files

	"lockers/web"
)

// Language is "en" or "et"; any other is written as English.
type Language string

// The languages.
const (
	English  Language = "en"
	Estonian Language = "et"
)

// languageStyle is one language's names and patterns from style.json.
type languageStyle struct {
	Months    [12]string           `json:"months"`
	Weekdays  [7]string            `json:"weekdays"` // Sunday first, as time.Weekday counts
	Date      string               `json:"date"`
	DayOfWeek string               `json:"dayOfWeek"`
	Units     map[string][2]string `json:"units"` // one, many
}

type styleFile struct {
	DefaultZone string                     `json:"defaultZone"`
	Languages   map[Language]languageStyle `json:"languages"`
}

var style = mustStyle(web.FormatStyle)

func mustStyle(b []byte) styleFile {
	var s styleFile
	if err := json.Unmarshal(b, &s); err != nil {
		panic(fmt.Sprintf("format: style.json: %v", err)) // embedded at build time: a broken file is a build fault
	}
	for _, lang := range []Language{English, Estonian} {
		l, ok := s.Languages[lang]
		if !ok || l.Date == "" || l.DayOfWeek == "" || len(l.Units) != 3 {
			panic(fmt.Sprintf("format: style.json lacks a full %q style", lang))
		}
	}
	return s
}

// DefaultZoneName is the product's zone (the IANA name), the clock of a station
// without one and of records that belong to no station.
var DefaultZoneName = style.DefaultZone

// DefaultZone is DefaultZoneName loaded (time/tzdata is linked in, so it loads
// everywhere; the fixed UTC+2 is for a style file naming no real zone).
var DefaultZone = func() *time.Location {
	if l, err := time.LoadLocation(DefaultZoneName); err == nil {
		return l
	}
	return time.FixedZone("UTC+2", 2*3600)
}()

// Zone loads an IANA zone name; the default zone for "" or a name the system
// does not know.
func Zone(name string) *time.Location {
	if name == "" {
		return DefaultZone
	}
	if l, err := time.LoadLocation(name); err == nil {
		return l
	}
	return DefaultZone
}

func styleOf(lang Language) languageStyle {
	if l, ok := style.Languages[lang]; ok {
		return l
	}
	return style.Languages[English]
}
