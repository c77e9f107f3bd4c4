package station

import (
	"context"
	"time"

	"lockers/internal/apperr"
)

// MaxPriceCents bounds a tariff an operator sets (a typo of a few zeros is
// refused): 10,000 EUR.
const MaxPriceCents = 1_000_000

// Tariff is a station's own price of one product, size × temperature (every
// type prices as its size), in cents with VAT.
type Tariff struct {
	Height, Temperature     string
	HourlyCents, DailyCents int64
}

// TariffSteps are what a price change does inside the caller's transaction
// (stationsql.TariffsIn; the back office's, which records the audit row in
// it too).
type TariffSteps interface {
	// ReplaceTariffs makes ts the station's whole list of its own prices.
	ReplaceTariffs(ctx context.Context, stationID string, ts []Tariff, at time.Time) error
}

// CheckTariffs validates an operator's list of a station's prices: a known
// size and temperature, 1 cent to MaxPriceCents, each product at most once
// (BAD_INPUT on the field at fault).
func CheckTariffs(ts []Tariff) error {
	seen := map[PriceKey]bool{}
	for _, t := range ts {
		k := PriceKey{Height: t.Height, Temperature: t.Temperature}
		switch {
		case t.Height != "small" && t.Height != "big":
			return apperr.Field(apperr.BadInput, "height", "height must be small or big")
		case t.Temperature != "cool" && t.Temperature != "neutral" && t.Temperature != "warm":
			return apperr.Field(apperr.BadInput, "temperature", "temperature must be cool, neutral or warm")
		case t.HourlyCents <= 0 || t.HourlyCents > MaxPriceCents:
			return apperr.Field(apperr.BadInput, "hourlyCents", "hourly price is out of range")
		case t.DailyCents <= 0 || t.DailyCents > MaxPriceCents:
			return apperr.Field(apperr.BadInput, "dailyCents", "daily price is out of range")
		case seen[k]:
			return apperr.Field(apperr.BadInput, "prices", "a product is listed twice")
		}
		seen[k] = true
	}
	return nil
}

// SetTariffs makes ts (checked by CheckTariffs) a station's own prices: a
// product not listed costs the default again. Quotes, offers, new orders and
// extensions use them after the station cache's delay (CacheFor).
func SetTariffs(ctx context.Context, tx TariffSteps, stationID string, ts []Tariff, at time.Time) error {
	if err := CheckTariffs(ts); err != nil {
		return err
	}
	return tx.ReplaceTariffs(ctx, stationID, ts, at)
}
