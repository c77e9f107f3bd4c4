package station

import (
	"strconv"
	"strings"
	"time"

	"lockers/internal/vat"
)

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

// PricedProducts are the products a station sets prices for: every size ×
// temperature of the standard type (other types price as their size), in a
// fixed order for screens.
func PricedProducts() []Product {
	var out []Product
	for _, h := range []string{"small", "big"} {
		for _, t := range []string{"neutral", "cool", "warm"} {
			out = append(out, Product{Height: h, Type: "standard", Temperature: t})
		}
	}
	return out
}

func roundCents(hundredths int64) int64 { return (hundredths + 50) / 100 }

// Price is the cost of one locker for a timeframe, VAT included.
type Price struct {
	Days, Hours int   // full 24-hour days and started hours of the remainder
	Cents       int64 // total, VAT included
	VATCents    int64 // the VAT inside Cents
	// Capped: the started hours would have cost more than a day, so they cost
	// the daily rate (the daily cap); invoices say so.
	Capped bool
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
func PriceFor(p Product, d time.Duration) Price { return PriceList(nil).PriceFor(p, d) }

// PriceKey names a product for pricing: its size and temperature (every type
// prices as its size).
type PriceKey struct{ Height, Temperature string }

// PriceList is a station's own tariffs (set in the back office, table
// station_prices); a product it does not name costs the default, RateFor.
// The zero value is "all defaults".
type PriceList map[PriceKey]Rate

// RateFor is the tariff of a product at the station.
func (l PriceList) RateFor(p Product) Rate {
	if r, ok := l[PriceKey{Height: p.Height, Temperature: p.Temperature}]; ok {
		return r
	}
	return RateFor(p)
}

// PriceFor prices one locker of a product at the station for d, by the rule
// of the package's PriceFor with the station's tariff.
func (l PriceList) PriceFor(p Product, d time.Duration) Price {
	if d <= 0 {
		return Price{}
	}
	r := l.RateFor(p)
	days := int(d / (24 * time.Hour))
	rest := d - time.Duration(days)*24*time.Hour
	hours := int((rest + time.Hour - 1) / time.Hour)
	capped := int64(hours)*r.HourlyCents > r.DailyCents
	cents := int64(days)*r.DailyCents + min(int64(hours)*r.HourlyCents, r.DailyCents)
	return Price{Days: days, Hours: hours, Cents: cents, VATCents: vat.Of(cents), Capped: capped}
}

// PricesColumn selects a station's own tariffs as one text (stations aliased
// s), "height:temperature:hourly:daily" joined by commas, NULL for none; both
// databases have string_agg. ParsePriceList reads it.
const PricesColumn = `(SELECT string_agg(p.height || ':' || p.temperature || ':' || p.hourly_cents || ':' ||
	p.daily_cents, ',') FROM station_prices p WHERE p.station_id = s.id)`

// ParsePriceList reads PricesColumn; a malformed entry is skipped (the table's
// CHECKs make one impossible), so the product keeps its default.
func ParsePriceList(s string) PriceList {
	if s == "" {
		return nil
	}
	out := PriceList{}
	for _, e := range strings.Split(s, ",") {
		f := strings.Split(e, ":")
		if len(f) != 4 {
			continue
		}
		h, err1 := strconv.ParseInt(f[2], 10, 64)
		d, err2 := strconv.ParseInt(f[3], 10, 64)
		if err1 != nil || err2 != nil {
			continue
		}
		out[PriceKey{Height: f[0], Temperature: f[1]}] = Rate{HourlyCents: h, DailyCents: d}
	}
	return out
}
