package api

import (
	"lockers/internal/apperr"
	"lockers/internal/station"
	"lockers/internal/vat"
)

// StationInput names one station.
type StationInput struct {
	StationUUID string `json:"stationUuid" input:"uuid=STATION_NOT_FOUND"`
}

// Validate requires the station id.
func (in StationInput) Validate() error {
	if in.StationUUID == "" {
		return apperr.Field(apperr.MissingParams, "stationUuid", "station is required")
	}
	return nil
}

// StationView is a station with the products it offers (station.list, station.get).
type StationView struct {
	UUID         string        `json:"uuid"`
	Name         string        `json:"name"`
	Address      string        `json:"address"`
	City         string        `json:"city"`
	Latitude     float64       `json:"latitude"`
	Longitude    float64       `json:"longitude"`
	TimeZone     string        `json:"timeZone"`     // IANA name; timeframes are entered and shown in it
	OpeningHours string        `json:"openingHours"` // OpenStreetMap syntax, "24/7" by default
	Online       bool          `json:"online"`
	Products     []ProductView `json:"products"`
}

// ProductView is a product at a station with its tariff (VAT included, EUR cents).
type ProductView struct {
	Height      string         `json:"height" ts:"'small' | 'big'"`
	Type        string         `json:"type"`
	Temperature string         `json:"temperature" ts:"'cool' | 'neutral' | 'warm'"`
	Dimensions  DimensionsView `json:"dimensions"`
	Total       int            `json:"total"`   // lockers in service
	FreeNow     int            `json:"freeNow"` // of them free for the next hour
	HourlyCents int64          `json:"hourlyCents"`
	DailyCents  int64          `json:"dailyCents"`
	Currency    string         `json:"currency" ts:"'EUR'"`
	VATPercent  int            `json:"vatPercent"`
	// The band a cooled or warmed compartment is kept in (station.Band, the
	// product's one temperature promise); null for a neutral one.
	MinCelsius *float64 `json:"minCelsius"`
	MaxCelsius *float64 `json:"maxCelsius"`
}

// DimensionsView are inner compartment measures in millimetres.
type DimensionsView struct {
	Height int `json:"height"`
	Width  int `json:"width"`
	Depth  int `json:"depth"`
}

// AvailabilityInput asks what a station has free for a timeframe. start and end
// are RFC 3339 instants, local "YYYY-MM-DDTHH:mm" in the station's zone, or dates
// (a start date means 00:01, an end date 23:59 local).
type AvailabilityInput struct {
	StationUUID string `json:"stationUuid" input:"uuid=STATION_NOT_FOUND"`
	Start       string `json:"start"`
	End         string `json:"end"`
}

// Validate requires the station; the timeframe is checked against its zone.
func (in AvailabilityInput) Validate() error {
	return StationInput{StationUUID: in.StationUUID}.Validate()
}

// AvailabilityView answers station.availability.
type AvailabilityView struct {
	StationUUID string                `json:"stationUuid"`
	TimeZone    string                `json:"timeZone"`
	Start       string                `json:"start"` // the timeframe as understood, RFC 3339 UTC
	End         string                `json:"end"`
	Products    []ProductAvailability `json:"products"`
}

// ProductAvailability is one product's free count and price for the timeframe.
type ProductAvailability struct {
	Height      string         `json:"height" ts:"'small' | 'big'"`
	Type        string         `json:"type"`
	Temperature string         `json:"temperature" ts:"'cool' | 'neutral' | 'warm'"`
	Dimensions  DimensionsView `json:"dimensions"`
	Total       int            `json:"total"`
	Free        int            `json:"free"`
	Price       PriceView      `json:"price"`      // for one locker
	MinCelsius  *float64       `json:"minCelsius"` // as ProductView's
	MaxCelsius  *float64       `json:"maxCelsius"`
}

// PriceView is an amount in EUR cents, VAT included, with the VAT in it.
type PriceView struct {
	Cents      int64  `json:"cents"`
	VATCents   int64  `json:"vatCents"`
	Days       int    `json:"days"`  // full days charged
	Hours      int    `json:"hours"` // started hours charged beyond them
	Currency   string `json:"currency" ts:"'EUR'"`
	VATPercent int    `json:"vatPercent"`
}

// band is a temperature class's promised range (station.Band); nil, nil for
// a neutral compartment.
func band(class string) (lo, hi *float64) {
	if b, ok := station.Band(class); ok && b.Controlled {
		return &b.MinCelsius, &b.MaxCelsius
	}
	return nil, nil
}

func dimensionsView(d station.Dimensions) DimensionsView {
	return DimensionsView{Height: d.HeightMM, Width: d.WidthMM, Depth: d.DepthMM}
}

func stationView(l station.Listing) StationView {
	v := StationView{
		UUID: l.ID, Name: l.Name, Address: l.Address, City: l.City, Latitude: l.Latitude, Longitude: l.Longitude,
		TimeZone: l.TimeZone, OpeningHours: l.OpeningHours, Online: l.Online, Products: make([]ProductView, 0, len(l.Offers)),
	}
	for i, o := range l.Offers {
		p := ProductView{
			Height: o.Height, Type: o.Type, Temperature: o.Temperature, Dimensions: dimensionsView(o.Dimensions),
			Total: o.Total, FreeNow: l.FreeNow[i], HourlyCents: o.Rate.HourlyCents, DailyCents: o.Rate.DailyCents,
			Currency: "EUR", VATPercent: vat.Percent,
		}
		p.MinCelsius, p.MaxCelsius = band(o.Temperature)
		v.Products = append(v.Products, p)
	}
	return v
}

func priceView(p station.Price) PriceView {
	return PriceView{Cents: p.Cents, VATCents: p.VATCents, Days: p.Days, Hours: p.Hours, Currency: "EUR", VATPercent: vat.Percent}
}

// FreeDaysInput asks station.freeDays how many lockers of one product are free
// on each of Days local days from From (YYYY-MM-DD, the station's zone).
type FreeDaysInput struct {
	StationUUID string `json:"stationUuid" input:"uuid=STATION_NOT_FOUND"`
	Height      string `json:"height" ts:"'small' | 'big'"`
	Type        string `json:"type"`
	Temperature string `json:"temperature" ts:"'cool' | 'neutral' | 'warm'"`
	From        string `json:"from"`
	Days        int    `json:"days"`
}

// Validate requires the station and the first day; the rest is checked by the service.
func (in FreeDaysInput) Validate() error {
	if err := (StationInput{StationUUID: in.StationUUID}).Validate(); err != nil {
		return err
	}
	if in.From == "" {
		return apperr.Field(apperr.MissingParams, "from", "from is required")
	}
	return nil
}

// FreeDaysView answers station.freeDays: one entry per day from today on.
type FreeDaysView struct {
	StationUUID string        `json:"stationUuid"`
	TimeZone    string        `json:"timeZone"`
	Days        []DayFreeView `json:"days"`
}

// DayFreeView is the lockers free for all of one day's default timeframe
// (00:01-23:59 local; today from now on).
type DayFreeView struct {
	Date  string `json:"date"`
	Free  int    `json:"free"`
	Total int    `json:"total"`
}
