package order

import (
	"context"
	"fmt"
	"hash/maphash"
	"sync"
	"time"

	"lockers/internal/apperr"
)

// Holds an account may keep at once by default (docs/security.md, "Budgets
// and quotas"; MAX_UNPAID_ORDERS, MAX_HELD_AT_STATION): a reservation or an
// unpaid order holds its lockers for HoldFor and can be made again, so
// without a cap one account could keep a whole station unavailable to
// everybody else.
const (
	// MaxHolds is how many unpaid orders (reserved or unpaid, still holding)
	// one account may have at once, over every station.
	MaxHolds = 3
	// MaxHeldAtStation is how many lockers those may hold at one station:
	// one full order of MaxLockers.
	MaxHeldAtStation = MaxLockers
)

// SetHoldCaps changes the caps: orders unpaid at once, compartments held at
// one station; 0 is no cap.
func (s *Service) SetHoldCaps(orders, atStation int) {
	s.maxHolds, s.maxHeldAtStation = orders, atStation
}

// Held is what an account's unpaid orders hold now.
type Held struct {
	Orders    int            // unpaid orders still holding their lockers
	AtStation map[string]int // their lockers by station id
}

// checkHolds refuses a new order that would pass an account's hold caps,
// with TOO_MANY_REQUESTS on "count" whose message names the cap.
func (s *Service) checkHolds(ctx context.Context, userID, stationID string, lockers int, now time.Time) error {
	if s.maxHolds == 0 && s.maxHeldAtStation == 0 {
		return nil
	}
	h, err := s.store.Held(ctx, userID, now)
	if err != nil {
		return fmt.Errorf("order: holds: %w", err)
	}
	if s.maxHolds > 0 && h.Orders >= s.maxHolds {
		return apperr.Field(apperr.CodeTooManyRequest, "count", fmt.Sprintf("at most %d unpaid bookings at a time", s.maxHolds))
	}
	if s.maxHeldAtStation > 0 && h.AtStation[stationID]+lockers > s.maxHeldAtStation {
		return apperr.Field(apperr.CodeTooManyRequest, "count",
			fmt.Sprintf("at most %d unpaid compartments at one station", s.maxHeldAtStation))
	}
	return nil
}

// holdLocks serialises one account's bookings in this process, so that the
// hold check and the booking it admits are one step: two bookings of one
// account at the same moment cannot both pass a cap that only one fits under.
// Accounts share a lock only when their ids hash alike (a short wait, no
// wrong answer). Bookings through several lockerd processes at once are not
// serialised: each process admits at most one booking of an account at a
// time, so the caps hold to within the number of processes (decision 120).
type holdLocks struct {
	seed  maphash.Seed
	once  sync.Once
	locks [64]sync.Mutex
}

// lock locks userID's stripe and returns its unlock.
func (h *holdLocks) lock(userID string) func() {
	h.once.Do(func() { h.seed = maphash.MakeSeed() })
	m := &h.locks[maphash.String(h.seed, userID)%uint64(len(h.locks))]
	m.Lock()
	return m.Unlock
}
