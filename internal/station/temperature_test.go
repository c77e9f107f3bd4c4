package station_test

import (
	"testing"

	"lockers/internal/station"
)

func TestTheTemperatureTableNamesEveryClassOnce(t *testing.T) {
	bands := station.Bands()
	if len(bands) != len(station.Temperatures) {
		t.Fatalf("%d bands for %d temperature classes", len(bands), len(station.Temperatures))
	}
	for i, class := range station.Temperatures {
		b, ok := station.Band(class)
		if !ok || bands[i].Class != class {
			t.Fatalf("class %q: band %+v, ok %v; table order %q", class, b, ok, bands[i].Class)
		}
		if b.Controlled != (class != "neutral") {
			t.Errorf("%s: controlled %v", class, b.Controlled)
		}
		if b.Controlled && !(b.MinCelsius < b.Target() && b.Target() < b.MaxCelsius) {
			t.Errorf("%s: band %v-%v has no middle %v", class, b.MinCelsius, b.MaxCelsius, b.Target())
		}
	}
	if _, ok := station.Band("hot"); ok {
		t.Error("an unknown class has a band")
	}
}

// The warmed promise is room temperature for the Estonian frost (what the
// product tells customers), not a food warmer.
func TestWarmedCompartmentsArePromisedAboutTwentyDegrees(t *testing.T) {
	b, _ := station.Band("warm")
	if b.MinCelsius > 18 || b.MaxCelsius < 22 || b.MaxCelsius > 30 {
		t.Fatalf("warm band %v-%v °C does not hold about +20 °C", b.MinCelsius, b.MaxCelsius)
	}
	c, _ := station.Band("cool")
	if c.MinCelsius > 4 || c.MaxCelsius < 4 {
		t.Fatalf("cool band %v-%v °C does not hold about +4 °C", c.MinCelsius, c.MaxCelsius)
	}
}
