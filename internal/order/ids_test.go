package order

import (
	"testing"

	"github.com/google/uuid"
)

// New rows get time-ordered IDs (UUID version 7): a later ID sorts after an
// earlier one, so the primary-key indexes grow at their right edge.
func TestNewIDsAreTimeOrderedUUIDs(t *testing.T) {
	prev := newID()
	for range 1000 {
		id := newID()
		u, err := uuid.Parse(id)
		if err != nil || u.Version() != 7 || len(id) != 36 {
			t.Fatalf("newID() = %q (%v), want a UUID version 7", id, err)
		}
		if id <= prev {
			t.Fatalf("newID() = %q after %q: not increasing", id, prev)
		}
		prev = id
	}
}
