package invoicepdf

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"lockers/internal/invoice"
	moneyfmt "lockers/internal/money"
)

// money writes integer cents the way each language writes euros (package money).
func money(cents int64, lang string) string { return moneyfmt.Format(cents, lang) }

// date writes a day in the seller's zone: 5 June 2026, or 05.06.2026 in Estonian.
func date(t time.Time, l labels, lang string) string { return dayIn(t.In(invoice.Zone), l, lang) }

// dayIn writes t's day in t's own location.
func dayIn(t time.Time, l labels, lang string) string {
	if lang == invoice.Estonian {
		return t.Format("02.01.2006")
	}
	return strconv.Itoa(t.Day()) + " " + l.months[t.Month()-1] + " " + strconv.Itoa(t.Year())
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
	s := period(line.From, line.To, l, lang, zone)
	if line.Kind == invoice.LineExtension {
		s += " (" + length(line.To.Sub(line.From), l) + ")"
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
func period(from, to time.Time, l labels, lang string, zone *time.Location) string {
	from, to = from.In(zone), to.In(zone)
	start := dayIn(from, l, lang) + " " + from.Format("15:04")
	if from.Year() == to.Year() && from.YearDay() == to.YearDay() {
		return start + "–" + to.Format("15:04")
	}
	return start + " – " + dayIn(to, l, lang) + " " + to.Format("15:04")
}

// length writes a duration in days, hours and minutes: 2 h 30 min.
func length(d time.Duration, l labels) string {
	d = d.Round(time.Minute)
	days, hours, minutes := int(d/(24*time.Hour)), int(d/time.Hour)%24, int(d/time.Minute)%60
	var parts []string
	if days > 0 {
		parts = append(parts, count(days, l.day, l.days))
	}
	if hours > 0 {
		parts = append(parts, strconv.Itoa(hours)+" "+l.hourShort)
	}
	if minutes > 0 || len(parts) == 0 {
		parts = append(parts, strconv.Itoa(minutes)+" "+l.minuteShort)
	}
	return strings.Join(parts, " ")
}

func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// percent writes a VAT rate: 24%.
func percent(rate int) string { return strconv.Itoa(rate) + "%" }
