package backoffice

import (
	"time"
)

// DoorCommandRow is a door command for one of an order's compartments and what the
// door did: Reason is app, kiosk, retry or repair; CodeKind the kind of code
// typed at the kiosk ("" otherwise); the times are zero until they happened.
type DoorCommandRow struct {
	ID, Label, Reason, CodeKind                string
	CreatedAt                                  time.Time
	AcceptedAt, RejectedAt, OpenedAt, ClosedAt time.Time
}
