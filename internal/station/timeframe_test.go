package station

import (
	"testing"
	"time"
)

func mustZone(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

func TestParseInstantFormats(t *testing.T) {
	loc := mustZone(t, "Europe/Tallinn")
	tests := []struct {
		in    string
		isEnd bool
		want  string
	}{
		{"2026-06-10T12:00:00Z", false, "2026-06-10T12:00:00Z"},
		{"2026-06-10T12:00:59.9+03:00", false, "2026-06-10T09:00:00Z"},
		{"2026-06-10T12:00", false, "2026-06-10T09:00:00Z"}, // summer: UTC+3
		{"2026-01-10T12:00", false, "2026-01-10T10:00:00Z"}, // winter: UTC+2
		{"2026-06-10 12:00", true, "2026-06-10T09:00:00Z"},
		{"2026-06-10", false, "2026-06-09T21:01:00Z"}, // 00:01 local
		{"2026-06-10", true, "2026-06-10T20:59:00Z"},  // 23:59 local
		{" 2026-01-10 ", true, "2026-01-10T21:59:00Z"},
	}
	for _, tt := range tests {
		got, ok := ParseInstant(tt.in, loc, tt.isEnd)
		if !ok || got.Format(time.RFC3339) != tt.want {
			t.Errorf("ParseInstant(%q, end=%v) = %v %v, want %s", tt.in, tt.isEnd, got, ok, tt.want)
		}
	}
	for _, bad := range []string{"", "tomorrow", "2026-13-01", "10.06.2026"} {
		if _, ok := ParseInstant(bad, loc, false); ok {
			t.Errorf("ParseInstant(%q) accepted", bad)
		}
	}
}

// Europe/Tallinn moves from UTC+2 to UTC+3 at 03:00 local on the last Sunday of
// March and back at 04:00 local on the last Sunday of October.
func TestDefaultDayAcrossDSTChangesInTallinn(t *testing.T) {
	loc := mustZone(t, "Europe/Tallinn")
	tests := []struct {
		name       string
		day        string
		start, end string
		length     time.Duration
	}{
		{"spring forward", "2026-03-29", "2026-03-28T22:01:00Z", "2026-03-29T20:59:00Z", 22*time.Hour + 58*time.Minute},
		{"autumn back", "2026-10-25", "2026-10-24T21:01:00Z", "2026-10-25T21:59:00Z", 24*time.Hour + 58*time.Minute},
		{"ordinary day", "2026-06-10", "2026-06-09T21:01:00Z", "2026-06-10T20:59:00Z", 23*time.Hour + 58*time.Minute},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start, _ := ParseInstant(tt.day, loc, false)
			end, _ := ParseInstant(tt.day, loc, true)
			if start.Format(time.RFC3339) != tt.start || end.Format(time.RFC3339) != tt.end {
				t.Fatalf("day %s = %s .. %s, want %s .. %s", tt.day, start.Format(time.RFC3339), end.Format(time.RFC3339), tt.start, tt.end)
			}
			if end.Sub(start) != tt.length {
				t.Fatalf("length %v, want %v", end.Sub(start), tt.length)
			}
			// Shown back in the station's zone, the bounds are still 00:01 and 23:59.
			if got := start.In(loc).Format("15:04"); got != DefaultStartClock {
				t.Fatalf("start shows as %s local", got)
			}
			if got := end.In(loc).Format("15:04"); got != DefaultEndClock {
				t.Fatalf("end shows as %s local", got)
			}
			ds, de := DayFrame(start, loc)
			if !ds.Equal(start) || !de.Equal(end) {
				t.Fatalf("DayFrame = %v .. %v", ds, de)
			}
		})
	}
}

func TestWallClockTimesAroundTheDSTChanges(t *testing.T) {
	loc := mustZone(t, "Europe/Tallinn")
	tests := []struct{ in, want string }{
		{"2026-03-29T02:59", "2026-03-29T00:59:00Z"}, // last minute of winter time
		{"2026-03-29T04:00", "2026-03-29T01:00:00Z"}, // first hour of summer time
		{"2026-03-29T03:30", "2026-03-29T01:30:00Z"}, // skipped: moved forward by the gap (04:30 local)
		{"2026-10-25T02:30", "2026-10-24T23:30:00Z"},
		{"2026-10-25T04:30", "2026-10-25T02:30:00Z"},
	}
	for _, tt := range tests {
		got, ok := ParseInstant(tt.in, loc, false)
		if !ok || got.Format(time.RFC3339) != tt.want {
			t.Errorf("ParseInstant(%q) = %s, want %s", tt.in, got.Format(time.RFC3339), tt.want)
		}
	}
	// 03:30 on the autumn Sunday happens twice; it means the winter-time one.
	got, _ := ParseInstant("2026-10-25T03:30", loc, false)
	if got.Format(time.RFC3339) != "2026-10-25T01:30:00Z" || got.In(loc).Format("15:04") != "03:30" {
		t.Fatalf("ambiguous 03:30 became %s (%s local)", got.Format(time.RFC3339), got.In(loc).Format("15:04"))
	}
}

func TestCheckProduct(t *testing.T) {
	ok := Product{Height: "big", Type: "standard", Temperature: "warm"}
	if err := CheckProduct(ok); err != nil {
		t.Fatal(err)
	}
	for _, p := range []Product{
		{Type: "standard", Temperature: "warm"}, {Height: "big", Temperature: "warm"}, {Height: "big", Type: "standard"},
		{Height: "huge", Type: "standard", Temperature: "warm"}, {Height: "big", Type: "standard", Temperature: "hot"},
	} {
		if CheckProduct(p) == nil {
			t.Errorf("CheckProduct(%+v) accepted", p)
		}
	}
}
