package backoffice

import (
	"context"
	"time"

	"lockers/internal/station"
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
	err := s.write(ctx, "admin.stations.setPrices", "station", stationID, "", func(tx Tx, now time.Time) (change, error) {
		before, err := tx.Read.Prices(ctx, stationID)
		if err != nil {
			return change{}, err
		}
		if err := station.SetTariffs(ctx, tx.Tariffs, stationID, tariffs, now); err != nil {
			return change{}, err
		}
		if out, err = tx.Read.Prices(ctx, stationID); err != nil {
			return change{}, err
		}
		return change{Before: map[string]any{"prices": before.Prices}, After: map[string]any{"prices": out.Prices}}, nil
	})
	return out, err
}
