package format

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fixture is one row of web/src/lib/format/fixtures.json, the table the web
// app's formatter is tested against too (src/lib/format/index.test.ts).
type fixture struct {
	Kind    string   `json:"kind"`
	Lang    Language `json:"lang"`
	Instant string   `json:"instant"`
	End     string   `json:"end"`
	Zone    string   `json:"zone"`
	Day     string   `json:"day"`
	Today   string   `json:"today"`
	Minutes int      `json:"minutes"`
	Cents   int64    `json:"cents"`
	Want    string   `json:"want"`
}

func readFixtures(t *testing.T) []fixture {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "web", "src", "lib", "format", "fixtures.json"))
	if err != nil {
		t.Fatal(err)
	}
	var f struct{ Cases []fixture }
	if err := json.Unmarshal(b, &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Cases) < 30 {
		t.Fatalf("read %d cases from fixtures.json", len(f.Cases))
	}
	return f.Cases
}

// TestSameTextsAsTheWebApp writes every case of the shared table and wants the
// table's string: what a screen shows, an e-mail, SMS or PDF says the same way.
func TestSameTextsAsTheWebApp(t *testing.T) {
	kinds := map[string]bool{}
	for _, c := range readFixtures(t) {
		kinds[c.Kind] = true
		got := render(t, c)
		want := strings.ReplaceAll(c.Want, "\u00a0", " ")
		if got != want {
			t.Errorf("%s %s %s %s: %q, want %q", c.Kind, c.Lang, c.Instant+c.Day, c.Zone, got, want)
		}
	}
	if len(kinds) != 9 {
		t.Errorf("the table has %d kinds of text, want 9", len(kinds))
	}
}

func render(t *testing.T, c fixture) string {
	at := func(s string) time.Time {
		v, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	loc := Zone(c.Zone)
	switch c.Kind {
	case "dateTime":
		return DateTime(c.Lang, at(c.Instant), loc)
	case "instant":
		return Instant(c.Lang, at(c.Instant), loc)
	case "date":
		return Date(c.Lang, at(c.Instant), loc)
	case "time":
		return Clock(at(c.Instant), loc)
	case "zoned":
		return Zoned(c.Lang, at(c.Instant), loc)
	case "range":
		return Range(c.Lang, at(c.Instant), at(c.End), loc)
	case "day":
		d, err := time.Parse(time.DateOnly, c.Day)
		if err != nil {
			t.Fatal(err)
		}
		return Day(c.Lang, d, at(c.Today+"T00:00:00Z").Year())
	case "duration":
		return Duration(c.Lang, c.Minutes)
	case "money":
		return Money(c.Lang, c.Cents)
	}
	t.Fatalf("unknown kind %q", c.Kind)
	return ""
}

func TestDefaultZone(t *testing.T) {
	if DefaultZoneName != "Europe/Tallinn" || DefaultZone.String() != "Europe/Tallinn" {
		t.Errorf("default zone %q (%v), want Europe/Tallinn from style.json", DefaultZoneName, DefaultZone)
	}
	if Zone("Not/AZone") != DefaultZone {
		t.Error("an unknown zone name is not the default zone")
	}
	if got := Instant("fr", time.Date(2026, 12, 1, 22, 20, 0, 0, time.UTC), DefaultZone); got != "2 Dec 2026, 00:20" {
		t.Errorf("another language: %q, want English", got)
	}
	if got := DateTime(English, time.Time{}, DefaultZone); got != "" {
		t.Errorf("the zero time: %q", got)
	}
}
