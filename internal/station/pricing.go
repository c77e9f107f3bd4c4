package station

import "time"

// VATPercent is the Estonian standard VAT rate; every price includes it.
const VATPercent = 24

// Rate is a product's tariff in euro cents, VAT included.
type Rate struct {
	HourlyCents int64
	DailyCents  int64
}

// baseRates are the tariffs per size class of a standard neutral compartment.
var baseRates = map[string]Rate{
	"small": {HourlyCents: 100, DailyCents: 500},
	"big":   {HourlyCents: 150, DailyCents: 800},
}

// temperatureSurchargePercent: cooled and warmed compartments cost more to run.
var temperatureSurchargePercent = map[string]int64{"cool": 40, "neutral": 0, "warm": 40}

// RateFor returns the tariff of a product. Types other than standard use the
// standard tariff of their size until operators can set prices.
func RateFor(p Product) Rate {
	r, ok := baseRates[p.Height]
	if !ok {
		r = baseRates["big"]
	}
	s := temperatureSurchargePercent[p.Temperature]
	return Rate{
		HourlyCents: roundCents(r.HourlyCents * (100 + s)),
		DailyCents:  roundCents(r.DailyCents * (100 + s)),
	}
}

func roundCents(hundredths int64) int64 { return (hundredths + 50) / 100 }

// Price is the cost of one locker for a timeframe, VAT included.
type Price struct {
	Days, Hours int   // full 24-hour days and started hours of the remainder
	Cents       int64 // total, VAT included
	VATCents    int64 // the VAT inside Cents
}

// PriceFor prices one locker of a product for the duration d.
//
// The rule (product.md "Money"): every full 24 hours cost the daily rate; the
// remaining time costs the hourly rate per started hour, but never more than one
// daily rate. So a short rental pays by the hour, a day or longer pays by the
// day, and the user always gets the cheaper of the two. Durations are real
// elapsed time, so a booking over a DST change pays for the hours it really
// lasts (23 or 25 for a local calendar day). A zero or negative duration costs
// nothing.
func PriceFor(p Product, d time.Duration) Price {
	if d <= 0 {
		return Price{}
	}
	r := RateFor(p)
	days := int(d / (24 * time.Hour))
	rest := d - time.Duration(days)*24*time.Hour
	hours := int((rest + time.Hour - 1) / time.Hour)
	cents := int64(days)*r.DailyCents + min(int64(hours)*r.HourlyCents, r.DailyCents)
	return Price{Days: days, Hours: hours, Cents: cents, VATCents: VATOf(cents)}
}

// VATOf returns the VAT contained in a VAT-inclusive amount, rounded half away
// from zero to the cent (a negative amount, a discount, has negative VAT).
func VATOf(cents int64) int64 {
	if cents < 0 {
		return -VATOf(-cents)
	}
	return (cents*VATPercent + (100+VATPercent)/2) / (100 + VATPercent)
}
