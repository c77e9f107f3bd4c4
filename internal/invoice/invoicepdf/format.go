package invoicepdf

import (
	"strconv"
	"strings"
	"time"

	"lockers/internal/invoice"
)

// money writes integer cents the way each language writes euros: €1,234.56 in
// English, 1 234,56 € in Estonian.
func money(cents int64, lang string) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	whole, frac := groupThousands(cents/100, lang), cents%100
	fracs := strconv.FormatInt(100+frac, 10)[1:] // two digits
	if lang == invoice.Estonian {
		return sign + whole + "," + fracs + " €"
	}
	return sign + "€" + whole + "." + fracs
}

func groupThousands(n int64, lang string) string {
	s := strconv.FormatInt(n, 10)
	sep := ","
	if lang == invoice.Estonian {
		sep = " "
	}
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// date writes a day in the seller's zone: 5 June 2026, or 05.06.2026 in Estonian.
func date(t time.Time, l labels, lang string) string {
	t = t.In(invoice.Zone)
	if lang == invoice.Estonian {
		return t.Format("02.01.2006")
	}
	return strconv.Itoa(t.Day()) + " " + l.months[t.Month()-1] + " " + strconv.Itoa(t.Year())
}

// description names a line: what it is and, for rentals, for how long.
func description(line invoice.Line, l labels) string {
	s := l.lines[line.Kind]
	if s == "" {
		s = line.Kind
	}
	var parts []string
	if line.Days > 0 {
		parts = append(parts, count(line.Days, l.day, l.days))
	}
	if line.Hours > 0 {
		parts = append(parts, count(line.Hours, l.hour, l.hours))
	}
	if len(parts) > 0 {
		s += ", " + strings.Join(parts, " ")
	}
	return s
}

func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
