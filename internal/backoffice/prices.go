package backoffice

import (
	"context"
	"database/sql"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/station"
	"lockers/internal/store"
)

// PriceRow is one product's tariff at a station (cents, VAT included);
// IsDefault when the station has none of its own.
type PriceRow struct {
	Height, Temperature     string
	HourlyCents, DailyCents int64
	IsDefault               bool
}

// StationPrices is every product (size × temperature) of a station with its price.
type StationPrices struct {
	StationID string
	Prices    []PriceRow
}

// MaxPriceCents bounds a tariff (a typo of a few zeros is refused).
const MaxPriceCents = 1_000_000

// Prices reads a station's prices: its own where it set one, the default otherwise.
func (s *Service) Prices(ctx context.Context, stationID string) (StationPrices, error) {
	p, err := s.prices(ctx, s.db, stationID)
	return p, internal("prices", err)
}

func (s *Service) prices(ctx context.Context, q store.Querier, stationID string) (StationPrices, error) {
	if _, err := s.stationRow(ctx, q, stationID); err != nil {
		return StationPrices{}, err
	}
	own, err := stationRates(ctx, q, stationID)
	if err != nil {
		return StationPrices{}, err
	}
	out := StationPrices{StationID: stationID}
	for _, p := range station.PricedProducts() {
		r, ok := own[p]
		row := PriceRow{Height: p.Height, Temperature: p.Temperature, IsDefault: !ok}
		if !ok {
			r = station.RateFor(p)
		}
		row.HourlyCents, row.DailyCents = r.HourlyCents, r.DailyCents
		out.Prices = append(out.Prices, row)
	}
	return out, nil
}

// SetPrices makes a station's own prices exactly prices (one per product at
// most; a product not listed uses the default again), audited with the
// prices before and after.
func (s *Service) SetPrices(ctx context.Context, stationID string, prices []PriceRow) (StationPrices, error) {
	seen := map[station.Product]bool{}
	for _, p := range prices {
		prod := station.Product{Height: p.Height, Type: "standard", Temperature: p.Temperature}
		switch {
		case p.Height != "small" && p.Height != "big":
			return StationPrices{}, apperr.Field(apperr.BadInput, "height", "height must be small or big")
		case p.Temperature != "cool" && p.Temperature != "neutral" && p.Temperature != "warm":
			return StationPrices{}, apperr.Field(apperr.BadInput, "temperature", "temperature must be cool, neutral or warm")
		case p.HourlyCents <= 0 || p.HourlyCents > MaxPriceCents:
			return StationPrices{}, apperr.Field(apperr.BadInput, "hourlyCents", "hourly price is out of range")
		case p.DailyCents <= 0 || p.DailyCents > MaxPriceCents:
			return StationPrices{}, apperr.Field(apperr.BadInput, "dailyCents", "daily price is out of range")
		case seen[prod]:
			return StationPrices{}, apperr.Field(apperr.BadInput, "prices", "a product is listed twice")
		}
		seen[prod] = true
	}
	var out StationPrices
	err := s.write(ctx, "admin.stations.setPrices", "station", stationID, "", func(tx *store.Tx, now time.Time) (change, error) {
		before, err := s.prices(ctx, tx, stationID)
		if err != nil {
			return change{}, err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM station_prices WHERE station_id = $1`, stationID); err != nil {
			return change{}, err
		}
		for _, p := range prices {
			if _, err := tx.ExecContext(ctx, `INSERT INTO station_prices (station_id, height, temperature,
				hourly_cents, daily_cents, updated_at) VALUES ($1, $2, $3, $4, $5, $6)`, stationID, p.Height,
				p.Temperature, p.HourlyCents, p.DailyCents, now); err != nil {
				return change{}, err
			}
		}
		if out, err = s.prices(ctx, tx, stationID); err != nil {
			return change{}, err
		}
		return change{Before: map[string]any{"prices": before.Prices}, After: map[string]any{"prices": out.Prices}}, nil
	})
	return out, err
}

// stationRates reads a station's own tariffs by product.
func stationRates(ctx context.Context, q store.Querier, stationID string) (map[station.Product]station.Rate, error) {
	rows, err := collect(ctx, q, func(r *sql.Rows) (PriceRow, error) {
		var p PriceRow
		err := r.Scan(&p.Height, &p.Temperature, &p.HourlyCents, &p.DailyCents)
		return p, err
	}, `SELECT height, temperature, hourly_cents, daily_cents FROM station_prices WHERE station_id = $1`, stationID)
	if err != nil {
		return nil, err
	}
	out := make(map[station.Product]station.Rate, len(rows))
	for _, p := range rows {
		out[station.Product{Height: p.Height, Type: "standard", Temperature: p.Temperature}] =
			station.Rate{HourlyCents: p.HourlyCents, DailyCents: p.DailyCents}
	}
	return out, nil
}
