// Package station is the stations domain: the active stations, the products they
// offer (height, type, temperature), what is free for a timeframe and what it
// costs. It holds the price rule and the station-local timeframe rules that the
// order domain books with.
package station

import (
	"context"
	"errors"
	"sync"
	"time"

	"lockers/internal/format"
)

// ErrNotFound is returned by a Store for an unknown station.
var ErrNotFound = errors.New("station: not found")

// Station is a cabinet of lockers at one address.
type Station struct {
	ID, Name, Address, City string
	Latitude, Longitude     float64
	TimeZone                string // IANA name, e.g. Europe/Tallinn
	OpeningHours            string // OpenStreetMap opening_hours syntax
	Active                  bool
	Online                  bool
	LastSeenAt              time.Time
	Prices                  PriceList // the station's own tariffs (nil: all defaults)
}

// Location loads the station's time zone; an unknown name falls back to the
// product's default zone (package format), rather than failing a booking.
func (s Station) Location() *time.Location {
	if loc, ok := locations.Load(s.TimeZone); ok {
		return loc.(*time.Location)
	}
	loc, err := time.LoadLocation(s.TimeZone)
	if err != nil {
		return format.DefaultZone // not kept: only names that exist are, so the map stays small
	}
	locations.Store(s.TimeZone, loc)
	return loc
}

// locations keeps the zones loaded so far by name: time.LoadLocation reads and
// parses the zone file on every call, which every booking would pay.
var locations sync.Map

// Product is what a user picks: a size class, a type and a temperature.
type Product struct {
	Height      string // small | big
	Type        string // standard, ...
	Temperature string // cool | neutral | warm
}

// Dimensions are a compartment's inner measures in millimetres.
type Dimensions struct {
	HeightMM, WidthMM, DepthMM int
}

// Offer is a product at a station: its smallest compartment dimensions, how
// many lockers it has in service and its rates.
type Offer struct {
	Product
	Dimensions
	Total int
	Rate  Rate
}

// Availability is an offer for one timeframe: how many lockers are free for all
// of it and the price of one of them.
type Availability struct {
	Offer
	Free  int
	Price Price
}

// Store is what the stations domain reads.
type Store interface {
	// Stations lists the active stations, by city and name.
	Stations(ctx context.Context) ([]Station, error)
	// Station returns one station, active or not; ErrNotFound when unknown.
	Station(ctx context.Context, id string) (Station, error)
	// Offers lists the station's products with their in-service locker count.
	Offers(ctx context.Context, stationID string) ([]Offer, error)
	// Available is Offers with Free counting, per product, the in-service
	// lockers with no live order overlapping [start, end); Rate and Price unset.
	Available(ctx context.Context, stationID string, start, end time.Time) ([]Availability, error)
}

// Heights and Temperatures are the values spec §3 allows.
var (
	Heights      = []string{"small", "big"}
	Temperatures = []string{"cool", "neutral", "warm"}
)
