package backoffice

import (
	"context"
	"database/sql"
	"time"

	"lockers/internal/station"
	"lockers/internal/station/stationsql"
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
// most; a product not listed uses the default again) by the stations domain's
// rules (station.SetTariffs), audited with the prices before and after.
func (s *Service) SetPrices(ctx context.Context, stationID string, prices []PriceRow) (StationPrices, error) {
	tariffs := make([]station.Tariff, len(prices))
	for i, p := range prices {
		tariffs[i] = station.Tariff{Height: p.Height, Temperature: p.Temperature, HourlyCents: p.HourlyCents,
			DailyCents: p.DailyCents}
	}
	if err := station.CheckTariffs(tariffs); err != nil {
		return StationPrices{}, err
	}
	var out StationPrices
	err := s.write(ctx, "admin.stations.setPrices", "station", stationID, "", func(tx *store.Tx, now time.Time) (change, error) {
		before, err := s.prices(ctx, tx, stationID)
		if err != nil {
			return change{}, err
		}
		if err := station.SetTariffs(ctx, stationsql.TariffsIn(tx), stationID, tariffs, now); err != nil {
			return change{}, err
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
