package stationsql

import (
	"context"
	"time"

	"lockers/internal/station"
	"lockers/internal/store"
)

// TariffsIn returns the price steps inside tx, the caller's transaction.
func TariffsIn(tx *store.Tx) station.TariffSteps { return tariffSteps{tx} }

type tariffSteps struct{ tx *store.Tx }

func (s tariffSteps) ReplaceTariffs(ctx context.Context, stationID string, ts []station.Tariff, at time.Time) error {
	if _, err := s.tx.ExecContext(ctx, `DELETE FROM station_prices WHERE station_id = $1`, stationID); err != nil {
		return err
	}
	for _, t := range ts {
		if _, err := s.tx.ExecContext(ctx, `INSERT INTO station_prices (station_id, height, temperature,
			hourly_cents, daily_cents, updated_at) VALUES ($1, $2, $3, $4, $5, $6)`, stationID, t.Height,
			t.Temperature, t.HourlyCents, t.DailyCents, at.UTC()); err != nil {
			return err
		}
	}
	return nil
}
