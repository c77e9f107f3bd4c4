package order

import "time"

// Lapse is a pending extension that ran out unpaid: the sweep gave the rental
// its old end back (issue 42: the customer is told, as they were told of the
// extension).
type Lapse struct {
	OrderID, UserID   string
	StationName, Zone string    // the station's name and IANA zone
	Start             time.Time // the rental's start
	OldEnd            time.Time // the end the rental keeps
	NewEnd            time.Time // the end the lapsed extension asked for
	AmountCents       int64     // its unpaid price
	HoldUntil         time.Time // when it lapsed
}
