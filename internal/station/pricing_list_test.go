package station

import (
	"testing"
	"time"
)

// TestPriceListOverridesOnlyTheProductsItNames: a station's own tariff prices
// its product by the same rule (started hours capped per day); other products,
// other types of the same size included, and a station without prices keep
// the defaults. The list survives its SQL text form.
func TestPriceListOverridesOnlyTheProductsItNames(t *testing.T) {
	l := ParsePriceList("small:neutral:200:900,big:warm:x:1,bad")
	small := Product{Height: "small", Type: "standard", Temperature: "neutral"}
	if got := l.RateFor(small); got != (Rate{HourlyCents: 200, DailyCents: 900}) {
		t.Fatalf("own rate %+v", got)
	}
	if got := l.RateFor(Product{Height: "small", Type: "parcel", Temperature: "neutral"}); got.HourlyCents != 200 {
		t.Fatalf("another type of the size: %+v", got)
	}
	big := Product{Height: "big", Type: "standard", Temperature: "warm"}
	if l.RateFor(big) != RateFor(big) || len(l) != 1 {
		t.Fatalf("a malformed entry must keep the default: %+v", l)
	}
	if p := l.PriceFor(small, 3*time.Hour); p.Cents != 600 {
		t.Fatalf("3 h at 200/h: %d", p.Cents)
	}
	if p := l.PriceFor(small, 30*time.Hour); p.Days != 1 || p.Cents != 900+900 {
		t.Fatalf("30 h: %+v (a day, then 6 h capped at a day)", p)
	}
	if PriceList(nil).PriceFor(small, time.Hour) != PriceFor(small, time.Hour) || ParsePriceList("") != nil {
		t.Fatal("no list is the defaults")
	}
	if n := len(PricedProducts()); n != 6 {
		t.Fatalf("%d priced products, want 6", n)
	}
}
