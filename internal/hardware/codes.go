package hardware

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"math/big"

	"lockers/internal/apperr"
)

// Usage is what a code's owner sees about it.
type Usage string

const (
	Unused    Usage = "unused"
	LastUsed  Usage = "last used" // with Code.LastUsedAt
	Delivered Usage = "delivered" // a delivery code whose locker was delivered
	Picked    Usage = "picked"    // a picking code whose locker was picked
)

// UsageOf is code c's usage state while its order locker has status.
func UsageOf(c Code, status string) Usage {
	switch {
	case c.LastUsedAt == nil:
		return Unused
	case c.Kind == Delivery && (status == "delivered" || status == "picked"):
		return Delivered
	case c.Kind == Picking && status == "picked":
		return Picked
	}
	return LastUsed
}

// MaxCodes is how many codes of one kind an order locker may have (say, one
// per courier).
const MaxCodes = 10

// Codes lists the codes of one of the user's order lockers with its status.
func (s *Service) Codes(ctx context.Context, userID, orderID, orderLockerID string) (Target, []Code, error) {
	t, err := s.owned(ctx, userID, orderID, orderLockerID)
	if err != nil {
		return Target{}, nil, err
	}
	cs, err := s.store.Codes(ctx, orderLockerID)
	return t, cs, err
}

// Regenerate replaces one code by a new one of its kind: the old one stops
// working at once.
func (s *Service) Regenerate(ctx context.Context, userID, orderID, orderLockerID, codeID string) (Code, error) {
	t, cs, err := s.Codes(ctx, userID, orderID, orderLockerID)
	if err != nil {
		return Code{}, err
	}
	for _, c := range cs {
		if c.ID == codeID {
			return s.add(ctx, t, c.Kind, codeID)
		}
	}
	return Code{}, apperr.Field(apperr.BadInput, "codeUuid", "no such code")
}

// Add gives an order locker one more code of kind.
func (s *Service) Add(ctx context.Context, userID, orderID, orderLockerID string, kind CodeKind) (Code, error) {
	if !kind.Valid() {
		return Code{}, apperr.Field(apperr.BadInput, "kind", "kind is delivery or picking")
	}
	t, cs, err := s.Codes(ctx, userID, orderID, orderLockerID)
	if err != nil {
		return Code{}, err
	}
	n := 0
	for _, c := range cs {
		if c.Kind == kind {
			n++
		}
	}
	if n >= MaxCodes {
		return Code{}, apperr.New(apperr.Cant, "an order locker has at most %d codes of a kind", MaxCodes)
	}
	return s.add(ctx, t, kind, "")
}

// Remove deletes one code; the last code of its kind stays (CANT), so the
// locker can always be opened from the keypad.
func (s *Service) Remove(ctx context.Context, userID, orderID, orderLockerID, codeID string) error {
	if _, err := s.owned(ctx, userID, orderID, orderLockerID); err != nil {
		return err
	}
	err := s.store.RemoveCode(ctx, orderLockerID, codeID, s.now())
	switch {
	case errors.Is(err, ErrNotFound):
		return apperr.Field(apperr.BadInput, "codeUuid", "no such code")
	case errors.Is(err, ErrLastCode):
		return apperr.New(apperr.Cant, "the last code of its kind cannot be removed")
	}
	return err
}

// add draws PINs until one is free at the station (unique among its live
// codes, so a code names one door) and stores it.
func (s *Service) add(ctx context.Context, t Target, kind CodeKind, replaces string) (Code, error) {
	for range 20 {
		c := Code{ID: newID(), OrderLockerID: t.OrderLockerID, StationID: t.StationID, Kind: kind, Code: NewPIN(), CreatedAt: s.now()}
		err := s.store.AddCode(ctx, c, replaces, s.now())
		if errors.Is(err, ErrCodeTaken) {
			continue
		}
		if err != nil {
			return Code{}, err
		}
		return c, nil
	}
	return Code{}, apperr.New(apperr.Cant, "no free code")
}

var million = big.NewInt(1_000_000)

// NewPIN is a six-digit keypad code from a cryptographic source.
func NewPIN() string {
	n, err := rand.Int(rand.Reader, million)
	if err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	return fmt.Sprintf("%06d", n.Int64())
}
