package station

import (
	"errors"
	"math"
	"strings"
	"time"
	"unicode/utf8"

	"lockers/internal/format"

	"lockers/internal/apperr"
)

// StationFields are a station's fields an operator edits.
type StationFields struct {
	Name, Address, City string
	Latitude, Longitude float64
	TimeZone            string
	OpeningHours        string // OpenStreetMap opening_hours syntax
	Active              bool
}

// CompartmentFields are a compartment's fields an operator edits.
type CompartmentFields struct {
	Label                      string
	Height                     string // small or big
	Type                       string
	Temperature                string // cool, neutral, warm
	HeightMM, WidthMM, DepthMM int
	OutOfService               bool
}

// The longest values an operator's forms take, in characters (issue 46):
// web/src/lib/field-limits.ts states the same, and the forms cut typing there.
const (
	MaxStationNameRunes    = 200
	MaxStationAddressRunes = 300
	MaxStationCityRunes    = 100
	MaxOpeningHoursRunes   = 300
	MaxLabelRunes          = 40
	MaxTypeRunes           = 40
)

// tooLong tells whether s has more than max characters.
func tooLong(s string, max int) bool { return utf8.RuneCountInString(s) > max }

// ErrLabelTaken: the station has a compartment with that label already.
var ErrLabelTaken = errors.New("station: label taken at the station")

// CheckStation trims an operator's station and fills its defaults (opening
// hours 24/7, the product's default zone); BAD_INPUT for a missing name, address
// or city, coordinates out of range, or a time zone that is not an IANA name.
func CheckStation(f *StationFields) error {
	f.Name, f.Address, f.City = strings.TrimSpace(f.Name), strings.TrimSpace(f.Address), strings.TrimSpace(f.City)
	f.OpeningHours = strings.TrimSpace(f.OpeningHours)
	if f.OpeningHours == "" {
		f.OpeningHours = "24/7"
	}
	if f.TimeZone == "" {
		f.TimeZone = format.DefaultZoneName
	}
	// Every bad field is named at once (the form flags them all), not only the first.
	var bad []string
	flag := func(field string, wrong bool) {
		if wrong {
			bad = append(bad, field)
		}
	}
	flag("name", f.Name == "" || tooLong(f.Name, MaxStationNameRunes))
	flag("address", f.Address == "" || tooLong(f.Address, MaxStationAddressRunes))
	flag("city", f.City == "" || tooLong(f.City, MaxStationCityRunes))
	flag("latitude", math.IsNaN(f.Latitude) || f.Latitude < -90 || f.Latitude > 90)
	flag("longitude", math.IsNaN(f.Longitude) || f.Longitude < -180 || f.Longitude > 180)
	flag("openingHours", tooLong(f.OpeningHours, MaxOpeningHoursRunes))
	_, zoneErr := time.LoadLocation(f.TimeZone)
	flag("timeZone", zoneErr != nil || f.TimeZone == "Local")
	return apperr.Fields(apperr.BadInput, bad, "invalid fields: "+strings.Join(bad, ", "))
}

// CheckCompartment trims an operator's compartment (type standard by
// default); BAD_INPUT for a missing label, an unknown size or temperature, or
// dimensions outside 1-5000 mm.
func CheckCompartment(f *CompartmentFields) error {
	f.Label, f.Type = strings.TrimSpace(f.Label), strings.TrimSpace(f.Type)
	if f.Type == "" {
		f.Type = "standard"
	}
	switch {
	case f.Label == "" || tooLong(f.Label, MaxLabelRunes):
		return apperr.Field(apperr.BadInput, "label", "label is required")
	case f.Height != "small" && f.Height != "big":
		return apperr.Field(apperr.BadInput, "height", "size is small or big")
	case f.Temperature != "cool" && f.Temperature != "neutral" && f.Temperature != "warm":
		return apperr.Field(apperr.BadInput, "temperature", "temperature is cool, neutral or warm")
	case tooLong(f.Type, MaxTypeRunes):
		return apperr.Field(apperr.BadInput, "type", "type is too long")
	case f.HeightMM <= 0 || f.WidthMM <= 0 || f.DepthMM <= 0 || f.HeightMM > 5000 || f.WidthMM > 5000 || f.DepthMM > 5000:
		return apperr.Field(apperr.BadInput, "heightMm", "dimensions are 1-5000 mm")
	}
	return nil
}
