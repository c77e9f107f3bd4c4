package officesql

import (
	"fmt"

	"github.com/google/uuid"

	"lockers/internal/apperr"
)

// internal wraps a fault the caller must not see (the rpc layer logs it).
func internal(op string, err error) error {
	if err == nil {
		return nil
	}
	if _, ok := apperr.As(err); ok {
		return err
	}
	return fmt.Errorf("backoffice: %s: %w", op, err)
}

// validID reports a canonical UUID (ids from the wire are checked before SQL:
// PostgreSQL would refuse a malformed uuid with an error, not a miss).
func validID(id string) bool {
	u, err := uuid.Parse(id)
	return err == nil && len(id) == 36 && u.String() == id
}
