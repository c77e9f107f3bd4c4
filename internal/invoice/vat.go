package invoice

// VATPercent is Estonia's standard VAT rate, included in every price.
const VATPercent = 24

// VATOf returns the VAT contained in a VAT-inclusive amount, rounded half up
// (away from zero) to the cent, the rounding of the orders' price lines. A
// negative amount has negative VAT.
func VATOf(gross int64) int64 {
	if gross < 0 {
		return -VATOf(-gross)
	}
	return (gross*VATPercent + (100+VATPercent)/2) / (100 + VATPercent)
}

// newLine builds a line from its gross and VAT; net is what is left.
func newLine(kind string, quantity, days, hours int, gross, vat int64) Line {
	return Line{Kind: kind, Quantity: quantity, Days: days, Hours: hours,
		NetCents: gross - vat, VATCents: vat, GrossCents: gross, VATPercent: VATPercent}
}
