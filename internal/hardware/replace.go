package hardware

import (
	"context"
	"errors"

	"lockers/internal/apperr"
)

// ErrNoneFree: no compartment of the kind is free for the whole rental.
var ErrNoneFree = errors.New("hardware: no free compartment")

// Replace moves one of the user's rentals from a compartment that went out of
// service (its door did not open) to a free one of the same kind at the
// station, for the same timeframe and price, keeping its codes: the "another
// compartment in one tap" after CANT_OPEN. A working compartment is not
// swapped (CANT); when none is free the answer is LOCKERS_NOT_AVAILABLE.
func (s *Service) Replace(ctx context.Context, userID, orderID, orderLockerID string) (Target, error) {
	t, err := s.owned(ctx, userID, orderID, orderLockerID)
	if err != nil {
		return Target{}, err
	}
	if err := s.usable(t, s.now()); err != nil {
		return Target{}, err
	}
	err = s.store.MoveToFree(ctx, orderLockerID)
	switch {
	case errors.Is(err, ErrNotFound):
		return Target{}, apperr.New(apperr.Cant, "the compartment works; it is not replaced")
	case errors.Is(err, ErrNoneFree):
		return Target{}, apperr.New(apperr.LockersNotAvailable, "no free compartment of this kind")
	case err != nil:
		return Target{}, err
	}
	return s.store.Target(ctx, orderLockerID)
}
