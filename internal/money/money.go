// Package money writes amounts of integer euro cents for people, the one way
// every server text does (e-mails, SMS, invoice PDFs, the demo provider's
// page), matching what the web app's Intl formatter shows: €1,234.56 in
// English; 1234,56 € and 12 345,67 € in Estonian (CLDR groups Estonian
// thousands only from five digits on).
package money

import (
	"strconv"
	"strings"
)

// Format writes cents in lang ("et" for Estonian; anything else English). The
// spaces are plain ones where Intl writes no-break spaces: an SMS with a
// no-break space leaves the GSM alphabet and holds half the text.
func Format(cents int64, lang string) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	fracs := strconv.FormatInt(100+cents%100, 10)[1:] // two digits
	if lang == "et" {
		return sign + group(cents/100, " ", 5) + "," + fracs + " €"
	}
	return sign + "€" + group(cents/100, ",", 4) + "." + fracs
}

// FormatCurrency writes cents of currency in lang: euros as Format does; another
// currency, which lockerd never charges in but a payment provider may name,
// keeps its ISO code in the same places ("USD 12.50", "12,50 USD").
func FormatCurrency(cents int64, currency, lang string) string {
	if strings.EqualFold(currency, "EUR") || currency == "" {
		return Format(cents, lang)
	}
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	fracs := strconv.FormatInt(100+cents%100, 10)[1:]
	code := strings.ToUpper(currency)
	if lang == "et" {
		return sign + group(cents/100, " ", 5) + "," + fracs + " " + code
	}
	return sign + code + " " + group(cents/100, ",", 4) + "." + fracs
}

// group writes n with sep between thousands once it has at least min digits.
func group(n int64, sep string, min int) string {
	s := strconv.FormatInt(n, 10)
	if len(s) < min {
		return s
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
