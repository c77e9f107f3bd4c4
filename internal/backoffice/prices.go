package backoffice

import (
	"context"
	"errors"
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
	Version   string // VersionOf(Prices): what a save names as its start
}

// versioned fills in p's version.
func (p StationPrices) versioned() StationPrices {
	p.Version = VersionOf(p.Prices)
	return p
}

// SetPrices makes a station's own prices exactly prices (one per product at
// most; a product not listed uses the default again) by the stations domain's
// rules (station.SetTariffs), audited with the prices before and after and
// the operator's reason (MISSING_NOTE without one). version is the prices'
// version the screen started from: a colleague's save in between makes this
// one CANT_CHANGE (ErrStale) instead of reverting theirs.
func (s *Service) SetPrices(ctx context.Context, stationID string, prices []PriceRow, version, note string) (StationPrices, error) {
	note, err := requiredReason("note", note)
	if err != nil {
		return StationPrices{}, err
	}
	tariffs := make([]station.Tariff, len(prices))
	for i, p := range prices {
		tariffs[i] = station.Tariff{Height: p.Height, Temperature: p.Temperature, HourlyCents: p.HourlyCents,
			DailyCents: p.DailyCents}
	}
	if err := station.CheckTariffs(tariffs); err != nil {
		return StationPrices{}, err
	}
	var out StationPrices
	err = s.write(ctx, "admin.stations.setPrices", "station", stationID, note, func(tx Tx, now time.Time) (change, error) {
		if err := lockFor(ctx, tx, "prices", stationID); err != nil {
			return change{}, err
		}
		before, err := tx.Read.Prices(ctx, stationID)
		if err != nil {
			return change{}, err
		}
		if err := checkVersion(version, before.Prices); err != nil {
			if sameOwnPrices(before.Prices, tariffs) {
				return change{}, errAlreadySo // the same save again (a double-click)
			}
			return change{}, err
		}
		if err := station.SetTariffs(ctx, tx.Tariffs, stationID, tariffs, now); err != nil {
			return change{}, err
		}
		if out, err = tx.Read.Prices(ctx, stationID); err != nil {
			return change{}, err
		}
		out = out.versioned()
		return change{Before: map[string]any{"prices": before.Prices}, After: map[string]any{"prices": out.Prices}}, nil
	})
	if errors.Is(err, errAlreadySo) {
		return s.Prices(ctx, stationID)
	}
	return out, err
}

// sameOwnPrices reports whether a station's own prices (the rows not on the
// default) are exactly tariffs.
func sameOwnPrices(rows []PriceRow, tariffs []station.Tariff) bool {
	own := map[station.Tariff]bool{}
	for _, r := range rows {
		if !r.IsDefault {
			own[station.Tariff{Height: r.Height, Temperature: r.Temperature, HourlyCents: r.HourlyCents, DailyCents: r.DailyCents}] = true
		}
	}
	if len(own) != len(tariffs) {
		return false
	}
	for _, t := range tariffs {
		if !own[t] {
			return false
		}
	}
	return true
}
