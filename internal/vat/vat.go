// Package vat holds the one VAT rule every price, order line and invoice uses:
// Estonia's standard rate, included in every amount. Orders and invoices both
// compute a line's VAT here, so an invoice always repeats the order's cents.
package vat

// Percent is Estonia's standard VAT rate; every price includes it.
const Percent = 24

// Of returns the VAT contained in a VAT-inclusive amount in cents, rounded half
// away from zero to the cent. A negative amount (a discount, a refund) has
// negative VAT of the same size as its positive counterpart.
func Of(gross int64) int64 {
	if gross < 0 {
		return -Of(-gross)
	}
	return (gross*Percent + (100+Percent)/2) / (100 + Percent)
}
