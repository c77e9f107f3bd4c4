package station

import (
	"math"
	"slices"
	"strings"
	"testing"

	"lockers/internal/apperr"
)

// A station with several bad fields is refused once, naming every one of them,
// so the operator's form flags them all together.
func TestCheckStationNamesEveryBadField(t *testing.T) {
	f := StationFields{Name: "  ", Address: "Pikk 1", City: "", Latitude: 91, Longitude: math.NaN(), TimeZone: "Mars/Olympus"}
	err := CheckStation(&f)
	ae, ok := apperr.As(err)
	if !ok || ae.Code != apperr.BadInput {
		t.Fatalf("err %v, want BAD_INPUT", err)
	}
	want := []string{"name", "city", "latitude", "longitude", "timeZone"}
	if !slices.Equal(ae.Fields, want) || ae.Field != "name" {
		t.Fatalf("fields %v (field %q), want %v", ae.Fields, ae.Field, want)
	}
}

func TestCheckStationAcceptsAGoodStation(t *testing.T) {
	f := StationFields{Name: " Kesklinn ", Address: "Pikk 1", City: "Tallinn", Latitude: 59.4, Longitude: 24.7}
	if err := CheckStation(&f); err != nil {
		t.Fatalf("good station refused: %v", err)
	}
	if f.Name != "Kesklinn" || f.OpeningHours != "24/7" || f.TimeZone == "" {
		t.Fatalf("defaults not filled: %+v", f)
	}
}

// The limits are characters, as the form says, not bytes: an Estonian name of
// 200 letters with diacritics is taken, one letter more is refused.
func TestCheckStationCountsCharacters(t *testing.T) {
	long := strings.Repeat("Õ", MaxStationNameRunes)
	f := StationFields{Name: long, Address: strings.Repeat("ä", MaxStationAddressRunes), City: strings.Repeat("ü", MaxStationCityRunes),
		OpeningHours: strings.Repeat("ö", MaxOpeningHoursRunes), Latitude: 59.4, Longitude: 24.7}
	if err := CheckStation(&f); err != nil {
		t.Fatalf("the longest station refused: %v", err)
	}
	f = StationFields{Name: long + "Õ", Address: "Pikk 1", City: "Tallinn", Latitude: 59.4, Longitude: 24.7}
	if ae, ok := apperr.As(CheckStation(&f)); !ok || !slices.Equal(ae.Fields, []string{"name"}) {
		t.Fatalf("a name of %d characters: %v, want BAD_INPUT on name", MaxStationNameRunes+1, ae)
	}
	c := CompartmentFields{Label: strings.Repeat("Ä", MaxLabelRunes), Type: strings.Repeat("Ö", MaxTypeRunes), Height: "small",
		Temperature: "cool", HeightMM: 1, WidthMM: 1, DepthMM: 1}
	if err := CheckCompartment(&c); err != nil {
		t.Fatalf("the longest compartment refused: %v", err)
	}
}
