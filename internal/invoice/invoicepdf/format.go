package invoicepdf

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"lockers/internal/format"
	"lockers/internal/invoice"
)

// The PDF writes dates, times, lengths and money as every screen and e-mail
// does (package format): 5 Jun 2026, 5. juuni 2026.

// money writes integer cents the way each language writes euros.
func money(cents int64, lang string) string { return format.Money(format.Language(lang), cents) }

// date writes a day in the seller's zone.
func date(t time.Time, _ labels, lang string) string {
	return format.Date(format.Language(lang), t, invoice.Zone)
}

// title names what a line sold.
func title(line invoice.Line, l labels) string {
	if s := l.lines[line.Kind]; s != "" {
		return s
	}
	return line.Kind
}

// when is a line's period in the station's zone, with an extension's own
// length; "" for a line without one.
func when(line invoice.Line, l labels, lang string, zone *time.Location) string {
	if line.From.IsZero() {
		return ""
	}
	s := period(line.From, line.To, lang, zone)
	if line.Kind == invoice.LineExtension {
		s += " (" + format.Duration(format.Language(lang), int(line.To.Sub(line.From).Round(time.Minute)/time.Minute)) + ")"
	}
	return s
}

// billing says what the line was priced on, by the billing rule: full days and
// started hours, and whether the daily cap priced the hours. An extension's
// days and hours are the rental's new total, and it says so.
func billing(line invoice.Line, l labels) string {
	var parts []string
	if line.Days > 0 {
		parts = append(parts, count(line.Days, l.day, l.days))
	}
	if line.Hours > 0 {
		parts = append(parts, count(line.Hours, l.startedHour, l.startedHours))
	}
	if len(parts) == 0 {
		return ""
	}
	s := strings.Join(parts, " ")
	if line.Kind == invoice.LineExtension {
		s = fmt.Sprintf(l.extensionTotal, s)
	}
	if line.Capped {
		s += ", " + l.capped
	}
	return s
}

// period writes from–to in zone: the date once when both are on one day.
func period(from, to time.Time, lang string, zone *time.Location) string {
	fl := format.Language(lang)
	start := format.Instant(fl, from, zone)
	a, b := from.In(zone), to.In(zone)
	if a.Year() == b.Year() && a.YearDay() == b.YearDay() {
		return start + "–" + format.Clock(to, zone)
	}
	return start + " – " + format.Instant(fl, to, zone)
}

func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// percent writes a VAT rate: 24%.
func percent(rate int) string { return strconv.Itoa(rate) + "%" }
