package station

import (
	"context"
	"errors"
	"fmt"
	"time"

	"lockers/internal/apperr"
)

// MaxDuration caps one booking's timeframe (spec §9 leaves limits open): a month
// covers "store" use without letting a locker be held indefinitely.
const MaxDuration = 31 * 24 * time.Hour

// DefaultBookAhead is how far ahead a booking may end unless BOOK_AHEAD says
// otherwise (docs/decisions/075-time-bounds.md).
const DefaultBookAhead = 365 * 24 * time.Hour

// Service answers the station procedures.
type Service struct {
	store Store
	now   func() time.Time
	ahead time.Duration // 0 means DefaultBookAhead
}

// SetBookAhead sets how far ahead of now a timeframe may end (create, extend).
func (s *Service) SetBookAhead(d time.Duration) { s.ahead = d }

// LatestEnd is the latest end a timeframe entered now may have.
func (s *Service) LatestEnd() time.Time {
	ahead := s.ahead
	if ahead <= 0 {
		ahead = DefaultBookAhead
	}
	return s.Now().Add(ahead)
}

// NewService returns the stations service; now may be nil for time.Now.
func NewService(store Store, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: store, now: now}
}

// Now is the service's clock.
func (s *Service) Now() time.Time { return s.now().UTC() }

// Listing is a station with its products.
type Listing struct {
	Station
	Offers []Offer
	// FreeNow[i] is how many lockers of Offers[i] are free for the next hour
	// (FreeNowFor): the count the station map's pins and the product table show.
	FreeNow []int
}

// FreeNowFor is the window a listing's free counts are for.
const FreeNowFor = time.Hour

// List returns the active stations with their products.
func (s *Service) List(ctx context.Context) ([]Listing, error) {
	stations, err := s.store.Stations(ctx)
	if err != nil {
		return nil, fmt.Errorf("station: list: %w", err)
	}
	out := make([]Listing, 0, len(stations))
	for _, st := range stations {
		l, err := s.listing(ctx, st)
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, nil
}

// listing reads a station's products with what is free now, in one query.
func (s *Service) listing(ctx context.Context, st Station) (Listing, error) {
	now := s.Now().Truncate(time.Minute)
	av, err := s.store.Available(ctx, st.ID, now, now.Add(FreeNowFor))
	if err != nil {
		return Listing{}, fmt.Errorf("station: offers: %w", err)
	}
	l := Listing{Station: st, Offers: make([]Offer, len(av)), FreeNow: make([]int, len(av))}
	for i, a := range av {
		l.Offers[i], l.FreeNow[i] = a.Offer, a.Free
	}
	l.Offers = withRates(st.Prices, l.Offers)
	return l, nil
}

// Get returns one active station with its products: STATION_NOT_FOUND when it
// does not exist, STATION_NOT_AVAILABLE when it is switched off.
func (s *Service) Get(ctx context.Context, id string) (Listing, error) {
	st, err := s.Station(ctx, id)
	if err != nil {
		return Listing{}, err
	}
	return s.listing(ctx, st)
}

// Station returns an active station or the catalogue error.
func (s *Service) Station(ctx context.Context, id string) (Station, error) {
	if !ValidID(id) {
		return Station{}, apperr.Field(apperr.StationNotFound, "stationUuid", "station not found")
	}
	st, err := s.store.Station(ctx, id)
	if errors.Is(err, ErrNotFound) {
		return Station{}, apperr.Field(apperr.StationNotFound, "stationUuid", "station not found")
	}
	if err != nil {
		return Station{}, fmt.Errorf("station: get: %w", err)
	}
	if !st.Active {
		return Station{}, apperr.Field(apperr.StationNotAvailable, "stationUuid", "station is not available")
	}
	return st, nil
}

// Timeframe parses and checks a start and end entered for st (see ParseInstant):
// MISSING_PARAMS when one is empty, BAD_INPUT when unreadable, over or too long,
// START_AFTER_END when the end is not after the start. A start in the past is
// moved to now (to the minute): the time before it cannot be used anyway, and
// holding it would collide with earlier bookings for nothing.
func (s *Service) Timeframe(st Station, startIn, endIn string) (start, end time.Time, err error) {
	if startIn == "" {
		return start, end, apperr.Field(apperr.MissingParams, "start", "start is required")
	}
	if endIn == "" {
		return start, end, apperr.Field(apperr.MissingParams, "end", "end is required")
	}
	loc := st.Location()
	start, ok := ParseInstant(startIn, loc, false)
	if !ok {
		return start, end, apperr.Field(apperr.BadInput, "start", "start is not a date or time")
	}
	end, ok = ParseInstant(endIn, loc, true)
	if !ok {
		return start, end, apperr.Field(apperr.BadInput, "end", "end is not a date or time")
	}
	if !end.After(start) {
		return start, end, apperr.Field(apperr.StartAfterEnd, "start", "start is after end")
	}
	now := s.Now().Truncate(time.Minute)
	if !end.After(now) {
		return start, end, apperr.Field(apperr.BadInput, "end", "the timeframe is over")
	}
	// Bounded both ways so that no instant far from now (year 10000 and up
	// is reachable with an offset) reaches the database.
	if start.Before(now.Add(-24 * time.Hour)) {
		return start, end, apperr.Field(apperr.BadInput, "start", "the start is more than a day ago")
	}
	if end.After(s.LatestEnd()) {
		return start, end, apperr.Field(apperr.BadInput, "end", "the end is too far ahead")
	}
	if start.Before(now) {
		start = now
	}
	if end.Sub(start) > MaxDuration {
		return start, end, apperr.Field(apperr.BadInput, "end", "a booking lasts at most 31 days")
	}
	return start, end, nil
}

// Availability lists the station's products with the free count and price for
// [start, end).
func (s *Service) Availability(ctx context.Context, st Station, start, end time.Time) ([]Availability, error) {
	av, err := s.store.Available(ctx, st.ID, start, end)
	if err != nil {
		return nil, fmt.Errorf("station: free lockers: %w", err)
	}
	for i := range av {
		av[i].Rate = st.Prices.RateFor(av[i].Product)
		av[i].Price = st.Prices.PriceFor(av[i].Product, end.Sub(start))
	}
	return av, nil
}

func withRates(prices PriceList, offers []Offer) []Offer {
	for i := range offers {
		offers[i].Rate = prices.RateFor(offers[i].Product)
	}
	return offers
}
