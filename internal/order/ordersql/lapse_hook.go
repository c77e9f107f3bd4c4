package ordersql

import (
	"context"
	"sync"

	"lockers/internal/order"
	"lockers/internal/store"
	"lockers/internal/txn"
)

// LapseHook runs in the sweep's transaction for each pending extension that
// lapsed unpaid, after the old end is back (the customer's notification);
// tx is a *store.Tx.
type LapseHook func(ctx context.Context, tx txn.Tx, l order.Lapse) error

// lapseHooks are the hooks by database, as saveHooks.
var lapseHooks sync.Map // *store.DB → LapseHook

// OnLapse sets the hook of the extensions that lapse on db (nil removes it).
func OnLapse(db *store.DB, h LapseHook) {
	if h == nil {
		lapseHooks.Delete(db)
		return
	}
	lapseHooks.Store(db, h)
}

// lapsed runs db's lapse hook, if it has one.
func lapsed(ctx context.Context, tx *store.Tx, l order.Lapse) error {
	if h, ok := lapseHooks.Load(tx.DB()); ok {
		return h.(LapseHook)(ctx, tx, l)
	}
	return nil
}
