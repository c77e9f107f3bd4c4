package ordersql

import (
	"context"
	"fmt"

	"lockers/internal/store"
	"lockers/internal/store/volume"
)

// SeedVolumeOrders writes the back office's volume plan's orders and their
// order lockers (officeseed; the order statements' parameters, volume.Plan):
// a lapsed hold has no order locker.
func SeedVolumeOrders(ctx context.Context, tx *store.Tx, p volume.Plan, args []any) error {
	created, starts, ends, k, lapsed := p.Created(), p.Starts(), p.Ends(), p.K(), p.Lapsed()
	orders := p.Series(`INSERT INTO orders (id, user_id, station_id, status, height, type, temperature, starts_at,
		ends_at, reserved_until, confirmed_at, paid_cents, payment_state, created_at, updated_at)`,
		p.ID(volume.KindOrder, "i")+`, `+p.User()+`, `+p.Station()+`, `+p.Status()+`,
		CASE WHEN `+k+` % 2 = 0 THEN 'small' ELSE 'big' END, 'standard',
		CASE `+k+` % 3 WHEN 0 THEN 'cool' WHEN 1 THEN 'neutral' ELSE 'warm' END,
		`+p.TS(starts)+`, `+p.TS(ends)+`, `+p.TS(created+" + 900")+`,
		CASE WHEN `+lapsed+` THEN NULL ELSE `+p.TS(created+" + 60")+` END,
		CASE WHEN `+lapsed+` THEN 0 ELSE `+p.Amount()+` END, CASE WHEN `+lapsed+` THEN NULL ELSE 'paid' END,
		`+p.TS(created)+`, `+p.TS(created+" + 120"))
	lockers := p.Series(`INSERT INTO order_lockers (id, order_id, locker_id, status, delivery_code, picking_code,
		starts_at, ends_at, delivery_used_at, picking_used_at, live)`,
		p.ID(volume.KindOrderLocker, "i")+`, `+p.ID(volume.KindOrder, "i")+`, `+p.Locker()+`,
		CASE WHEN `+ends+` <= `+p.P(8)+` THEN 'picked' ELSE 'booked' END,
		`+p.Pad("(i * 7) % 1000000", 6)+`, `+p.Pad("(i * 7 + 1) % 1000000", 6)+`, `+p.TS(starts)+`, `+p.TS(ends)+`,
		CASE WHEN `+ends+` <= `+p.P(8)+` THEN `+p.TS(starts)+` END, CASE WHEN `+ends+` <= `+p.P(8)+` THEN `+p.TS(ends)+` END,
		`+p.True()) + " WHERE NOT (" + lapsed + ")"
	if _, err := tx.ExecContext(ctx, orders, args...); err != nil {
		return fmt.Errorf("orders: %w", err)
	}
	if _, err := tx.ExecContext(ctx, lockers, args...); err != nil {
		return fmt.Errorf("order lockers: %w", err)
	}
	return nil
}
