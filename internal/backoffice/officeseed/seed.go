// Package officeseed writes the back office's demo and benchmark volume
// (issue 15): many users, stations, compartments and years of orders with
// their order lockers, payments and events. `lockerd seed-load` (no
// arguments) and the back office benchmark use it.
//
// Every table is filled with set-based INSERT ... SELECT over a number series
// (internal/store/volume's plan), in batches of orders per transaction, so a
// million orders take minutes, not hours. Ids are derived from (run tag, kind,
// row number), so an order, its order locker, payment and event match without
// lookups, and two runs do not collide. Each table's rows are written by its
// owner's store (stationsql, accountsql, ordersql, paymentsql: SeedVolume...).
package officeseed

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"time"

	"lockers/internal/account/accountsql"
	"lockers/internal/order/ordersql"
	"lockers/internal/payment/paymentsql"
	"lockers/internal/station/stationsql"
	"lockers/internal/store"
	"lockers/internal/store/volume"
)

// Volume is what to create.
type Volume struct {
	Users, Stations, Compartments, Orders int
	Span                                  time.Duration // orders' creation times spread over [End-Span, End)
	End                                   time.Time
	Batch                                 int // orders per transaction (default 50,000)
}

// Full is issue 15's volume: 100,000 users, 200 stations, 5,000 compartments
// and 1,000,000 orders over two years.
func Full(end time.Time) Volume {
	return Volume{Users: 100_000, Stations: 200, Compartments: 5_000, Orders: 1_000_000,
		Span: 2 * 365 * 24 * time.Hour, End: end}
}

// Scaled is Full with every count times f (at least one of each).
func Scaled(end time.Time, f float64) Volume {
	v := Full(end)
	sc := func(n int) int { return max(1, int(float64(n)*f)) }
	v.Users, v.Stations, v.Compartments, v.Orders = sc(v.Users), sc(v.Stations), sc(v.Compartments), sc(v.Orders)
	v.Compartments = max(v.Compartments, v.Stations)
	return v
}

// Load writes v and reports progress to progress (may be nil).
func Load(ctx context.Context, db *store.DB, v Volume, progress func(done, total int)) error {
	if v.Users < 1 || v.Stations < 1 || v.Compartments < v.Stations || v.Orders < 0 || v.Span <= 0 {
		return fmt.Errorf("officeseed: need users, stations, at least one compartment per station and a span")
	}
	if v.Batch <= 0 {
		v.Batch = 50_000
	}
	b := make([]byte, 2)
	if _, err := rand.Read(b); err != nil {
		return err
	}
	plan := volume.New(db.Dialect(), hex.EncodeToString(b))
	end := v.End.UTC().Truncate(time.Second)
	start := end.Add(-v.Span).Unix()
	step := max(int64(v.Span/time.Second)/int64(max(v.Orders, 1)), 1)
	perStation := v.Compartments / v.Stations
	// A compartment's turn comes every stations*perStation orders; a rental
	// (starting an hour after its order) must end before the next one starts.
	hours := min(int64(48), int64(v.Stations*perStation)*step/3600-2)
	if hours < 1 {
		return fmt.Errorf("officeseed: too many orders for the compartments in the span")
	}
	err := db.InTx(ctx, func(tx *store.Tx) error {
		var before int64
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM users`).Scan(&before); err != nil {
			return err
		}
		if err := stationsql.SeedVolumeStations(ctx, tx, plan, volume.Args(0, v.Stations-1, start)); err != nil {
			return fmt.Errorf("stations: %w", err)
		}
		if err := stationsql.SeedVolumeLockers(ctx, tx, plan, volume.Args(0, v.Stations*perStation-1, perStation,
			start)); err != nil {
			return fmt.Errorf("lockers: %w", err)
		}
		for lo := 0; lo < v.Users; lo += 100_000 {
			if err := accountsql.SeedVolumeUsers(ctx, tx, plan, volume.Args(lo, min(lo+100_000, v.Users)-1, start,
				int64(v.Span/time.Second)/int64(v.Users), before)); err != nil {
				return fmt.Errorf("users: %w", err)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("officeseed: %w", err)
	}
	for lo := 0; lo < v.Orders; lo += v.Batch {
		hi := min(lo+v.Batch, v.Orders) - 1
		err := db.InTx(ctx, func(tx *store.Tx) error {
			args := volume.Args(lo, hi, start, step, v.Stations, perStation, v.Users, end.Unix(), hours)
			if err := ordersql.SeedVolumeOrders(ctx, tx, plan, args); err != nil {
				return err
			}
			if err := paymentsql.SeedVolumePayments(ctx, tx, plan, args); err != nil {
				return fmt.Errorf("payments: %w", err)
			}
			if err := accountsql.SeedVolumeEvents(ctx, tx, plan, args); err != nil {
				return fmt.Errorf("events: %w", err)
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("officeseed: orders %d-%d: %w", lo, hi, err)
		}
		if progress != nil {
			progress(hi+1, v.Orders)
		}
	}
	if db.Dialect() == store.SQLite {
		_, err = db.ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`)
		return err
	}
	_, err = db.ExecContext(ctx, `ANALYZE`)
	return err
}
