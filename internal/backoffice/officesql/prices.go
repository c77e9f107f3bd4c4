package officesql

import (
	"context"
	"database/sql"

	"lockers/internal/backoffice"
	"lockers/internal/station"
	"lockers/internal/store"
)

// Prices reads a station's prices: its own where it set one, the default otherwise.
func (s *Store) Prices(ctx context.Context, stationID string) (backoffice.StationPrices, error) {
	p, err := s.prices(ctx, s.db, stationID)
	return p, internal("prices", err)
}

func (s *Store) prices(ctx context.Context, q store.Querier, stationID string) (backoffice.StationPrices, error) {
	if _, err := s.stationRow(ctx, q, stationID); err != nil {
		return backoffice.StationPrices{}, err
	}
	own, err := stationRates(ctx, q, stationID)
	if err != nil {
		return backoffice.StationPrices{}, err
	}
	out := backoffice.StationPrices{StationID: stationID}
	for _, p := range station.PricedProducts() {
		r, ok := own[p]
		row := backoffice.PriceRow{Height: p.Height, Temperature: p.Temperature, IsDefault: !ok}
		if !ok {
			r = station.RateFor(p)
		}
		row.HourlyCents, row.DailyCents = r.HourlyCents, r.DailyCents
		out.Prices = append(out.Prices, row)
	}
	return out, nil
}

// stationRates reads a station's own tariffs by product.
func stationRates(ctx context.Context, q store.Querier, stationID string) (map[station.Product]station.Rate, error) {
	rows, err := collect(ctx, q, func(r *sql.Rows) (backoffice.PriceRow, error) {
		var p backoffice.PriceRow
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
