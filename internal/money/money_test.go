package money

import "testing"

func TestFormat(t *testing.T) {
	cases := []struct {
		cents int64
		lang  string
		want  string
	}{
		{0, "en", "€0.00"},
		{5, "en", "€0.05"},
		{1250, "en", "€12.50"},
		{123456, "en", "€1,234.56"},
		{123456789, "en", "€1,234,567.89"},
		{-3120, "en", "-€31.20"},
		{1250, "et", "12,50 €"},
		{123456, "et", "1234,56 €"},    // four digits: not grouped in Estonian
		{1234567, "et", "12 345,67 €"}, // five: grouped
		{123456789, "et", "1 234 567,89 €"},
		{-3120, "et", "-31,20 €"},
	}
	for _, c := range cases {
		if got := Format(c.cents, c.lang); got != c.want {
			t.Errorf("Format(%d, %q) = %q, want %q", c.cents, c.lang, got, c.want)
		}
	}
}

func TestFormatCurrency(t *testing.T) {
	cases := []struct {
		cents          int64
		currency, lang string
		want           string
	}{
		{1250, "EUR", "en", "€12.50"},
		{1250, "eur", "et", "12,50 €"},
		{1250, "USD", "en", "USD 12.50"},
		{123456, "usd", "en", "USD 1,234.56"},
		{1250, "USD", "et", "12,50 USD"},
		{-5, "SEK", "en", "-SEK 0.05"},
	}
	for _, c := range cases {
		if got := FormatCurrency(c.cents, c.currency, c.lang); got != c.want {
			t.Errorf("FormatCurrency(%d, %q, %q) = %q, want %q", c.cents, c.currency, c.lang, got, c.want)
		}
	}
}
