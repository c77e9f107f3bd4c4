package invoice

import (
	"fmt"
	"time"
)

// Zone is the seller's time zone: it decides an invoice's calendar year and the
// dates printed on it.
var Zone = func() *time.Location {
	loc, err := time.LoadLocation("Europe/Tallinn")
	if err != nil {
		panic(err) // the Go time zone database ships with the toolchain
	}
	return loc
}()

// YearOf is the calendar year, in Zone, of an invoice issued at t.
func YearOf(t time.Time) int { return t.In(Zone).Year() }

// FormatNumber writes an invoice number: the year and the sequence number padded
// to six digits (2026-000123). Past 999,999 the number simply grows longer.
func FormatNumber(year, seq int) string { return fmt.Sprintf("%d-%06d", year, seq) }
