package order

import (
	"context"
	"fmt"
	"time"

	"lockers/internal/apperr"
)

// Holds an account may keep at once (docs/security.md, "Budgets and quotas"):
// a reservation or an unpaid order holds its lockers for HoldFor and can be
// made again, so without a cap one account could keep a whole station
// unavailable to everybody else.
const (
	// MaxHolds is how many unpaid orders (reserved or unpaid, still holding)
	// one account may have at once, over every station.
	MaxHolds = 3
	// MaxHeldAtStation is how many lockers those may hold at one station:
	// one full order of MaxLockers.
	MaxHeldAtStation = MaxLockers
)

// Held is what an account's unpaid orders hold now.
type Held struct {
	Orders    int            // unpaid orders still holding their lockers
	AtStation map[string]int // their lockers by station id
}

// checkHolds refuses a new order that would pass an account's hold caps,
// with TOO_MANY_REQUESTS on "count" whose message names the cap.
func (s *Service) checkHolds(ctx context.Context, userID, stationID string, lockers int, now time.Time) error {
	h, err := s.store.Held(ctx, userID, now)
	if err != nil {
		return fmt.Errorf("order: holds: %w", err)
	}
	if h.Orders >= MaxHolds {
		return apperr.Field(apperr.CodeTooManyRequest, "count", fmt.Sprintf("at most %d unpaid bookings at a time", MaxHolds))
	}
	if h.AtStation[stationID]+lockers > MaxHeldAtStation {
		return apperr.Field(apperr.CodeTooManyRequest, "count",
			fmt.Sprintf("at most %d unpaid compartments at one station", MaxHeldAtStation))
	}
	return nil
}
