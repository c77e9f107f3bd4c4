package invoice

import "lockers/internal/vat"

// newLine builds a line from its gross and VAT; net is what is left.
func newLine(kind string, quantity, days, hours int, gross, vatCents int64) Line {
	return Line{Kind: kind, Quantity: quantity, Days: days, Hours: hours,
		NetCents: gross - vatCents, VATCents: vatCents, GrossCents: gross, VATPercent: vat.Percent}
}
