package order

import (
	"time"

	"lockers/internal/station"
	"lockers/internal/vat"
)

// rentalLines prices count lockers from start to end at the station's tariff
// (station.PriceList) and, when a coupon pays, adds the coupon line that brings
// the total to zero.
func rentalLines(prices station.PriceList, p station.Product, count int, start, end time.Time, free bool, now time.Time) []Line {
	pr := prices.PriceFor(p, end.Sub(start))
	amount := pr.Cents * int64(count)
	lines := []Line{{ID: newID(), Kind: LineRental, Quantity: count, Days: pr.Days, Hours: pr.Hours,
		AmountCents: amount, VATCents: vat.Of(amount), From: start.UTC(), To: end.UTC(), Capped: pr.Capped,
		CreatedAt: now}}
	if free {
		lines = append(lines, couponLine(amount, now))
	}
	return lines
}

// couponLine cancels amount.
func couponLine(amount int64, now time.Time) Line {
	return Line{ID: newID(), Kind: LineCoupon, Quantity: 1, AmountCents: -amount,
		VATCents: -vat.Of(amount), CreatedAt: now}
}

// extensionLine prices moving one locker's end from oldEnd to newEnd: the price
// of the whole new duration minus that of the old one, so an extension never
// costs more than booking the longer timeframe at once. Its period is its own
// (oldEnd to newEnd); Days and Hours are the rental's new total, which the
// price difference is taken from, and the invoice prints them as such.
func extensionLine(prices station.PriceList, p station.Product, start, oldEnd, newEnd, now time.Time) Line {
	before := prices.PriceFor(p, oldEnd.Sub(start))
	after := prices.PriceFor(p, newEnd.Sub(start))
	diff := max(after.Cents-before.Cents, 0)
	return Line{ID: newID(), Kind: LineExtension, Quantity: 1, Days: after.Days, Hours: after.Hours,
		AmountCents: diff, VATCents: vat.Of(diff), From: oldEnd.UTC(), To: newEnd.UTC(), Capped: after.Capped,
		CreatedAt: now}
}
