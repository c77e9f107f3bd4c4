package invoice

import (
	"fmt"
	"time"

	"lockers/internal/format"
)

// Zone is the seller's time zone, the product's (package format): it decides
// an invoice's calendar year and the dates printed on it.
var Zone = format.DefaultZone

// YearOf is the calendar year, in Zone, of an invoice issued at t.
func YearOf(t time.Time) int { return t.In(Zone).Year() }

// FormatNumber writes an invoice number: the year and the sequence number padded
// to six digits (2026-000123). Past 999,999 the number simply grows longer.
func FormatNumber(year, seq int) string { return fmt.Sprintf("%d-%06d", year, seq) }
