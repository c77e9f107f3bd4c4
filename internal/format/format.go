package format

import (
	"strconv"
	"strings"
	"time"

	"lockers/internal/money"
)

// The composite kinds are built the same way in every language; only the
// names and the date's and day's patterns differ (style.json):
//
//	Clock     00:20
//	Date      2 Dec 2026 / 2. dets 2026
//	Instant   2 Dec 2026, 00:20
//	DateTime  Wed, 2 Dec 2026, 00:20 / K, 2. dets 2026, 00:20
//	Zoned     2 Dec 2026, 00:20 UTC+2
//	Range     Wed, 2 Dec 2026, 00:20 – 05:00 (one day) or two DateTimes
//	Day       Fri, 27 Nov (a calendar day; the year added when not this one)

// Clock is the 24-hour time of t in loc: "00:20".
func Clock(t time.Time, loc *time.Location) string { return t.In(loc).Format("15:04") }

// Date is the calendar date of t in loc: "2 Dec 2026", "2. dets 2026".
func Date(lang Language, t time.Time, loc *time.Location) string {
	t = t.In(loc)
	return date(styleOf(lang), t.Year(), t.Month(), t.Day())
}

// Instant is t's date and time in loc: "2 Dec 2026, 00:20"; "" for the zero time.
func Instant(lang Language, t time.Time, loc *time.Location) string {
	if t.IsZero() {
		return ""
	}
	return Date(lang, t, loc) + ", " + Clock(t, loc)
}

// DateTime is Instant with the weekday first: "Wed, 2 Dec 2026, 00:20"; "" for the zero time.
func DateTime(lang Language, t time.Time, loc *time.Location) string {
	if t.IsZero() {
		return ""
	}
	return styleOf(lang).Weekdays[t.In(loc).Weekday()] + ", " + Instant(lang, t, loc)
}

// Zoned is Instant with the zone's offset named, for a reader who may be on
// another clock: "2 Dec 2026, 00:20 UTC+2"; "" for the zero time.
func Zoned(lang Language, t time.Time, loc *time.Location) string {
	if t.IsZero() {
		return ""
	}
	return Instant(lang, t, loc) + " " + Offset(t, loc)
}

// Range is a timeframe: the date once when it starts and ends on one day in loc.
func Range(lang Language, from, to time.Time, loc *time.Location) string {
	a, b := from.In(loc), to.In(loc)
	if a.Year() == b.Year() && a.YearDay() == b.YearDay() {
		return DateTime(lang, from, loc) + " – " + Clock(to, loc)
	}
	return DateTime(lang, from, loc) + " – " + DateTime(lang, to, loc)
}

// Day names a calendar day (no zone) with its weekday: "Fri, 27 Nov", with
// " 2027" added when its year is not thisYear.
func Day(lang Language, d time.Time, thisYear int) string {
	l := styleOf(lang)
	s := strings.NewReplacer("{weekday}", l.Weekdays[d.Weekday()], "{day}", strconv.Itoa(d.Day()),
		"{month}", l.Months[d.Month()-1]).Replace(l.DayOfWeek)
	if d.Year() != thisYear {
		s += " " + strconv.Itoa(d.Year())
	}
	return s
}

// Offset names loc's offset from UTC at t: "UTC+2", "UTC+5:30", "UTC-3", "UTC".
func Offset(t time.Time, loc *time.Location) string {
	_, secs := t.In(loc).Zone()
	if secs == 0 {
		return "UTC"
	}
	sign := "+"
	if secs < 0 {
		sign, secs = "-", -secs
	}
	s := "UTC" + sign + strconv.Itoa(secs/3600)
	if m := secs % 3600 / 60; m != 0 {
		s += ":" + strconv.Itoa(100 + m)[1:]
	}
	return s
}

// Duration writes a length in whole minutes as days, hours and minutes, in
// words: "1 day 3 hours", "22 tundi 49 minutit"; a part that is 0 is left
// out, and "0 minutes" stands for none.
func Duration(lang Language, minutes int) string {
	if minutes < 0 {
		minutes = 0
	}
	l := styleOf(lang)
	days, hours, mins := minutes/1440, minutes%1440/60, minutes%60
	var parts []string
	if days > 0 {
		parts = append(parts, count(l, "day", days))
	}
	if hours > 0 {
		parts = append(parts, count(l, "hour", hours))
	}
	if mins > 0 || len(parts) == 0 {
		parts = append(parts, count(l, "minute", mins))
	}
	return strings.Join(parts, " ")
}

// Money is integer euro cents as the language writes euros (package money).
func Money(lang Language, cents int64) string { return money.Format(cents, string(lang)) }

func count(l languageStyle, unit string, n int) string {
	w := l.Units[unit]
	if n == 1 {
		return "1 " + w[0]
	}
	return strconv.Itoa(n) + " " + w[1]
}

func date(l languageStyle, year int, month time.Month, day int) string {
	return strings.NewReplacer("{day}", strconv.Itoa(day), "{month}", l.Months[month-1],
		"{year}", strconv.Itoa(year)).Replace(l.Date)
}
