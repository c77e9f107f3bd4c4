package backoffice

import (
	"time"
)

// StatsFilter selects the statistics: [From, To) in UTC, buckets of Period
// ("day", "week" from Monday, "month"), one station or all, split by station
// or not. At most 2 years at a time.
type StatsFilter struct {
	From, To  time.Time
	Period    string
	StationID string
	ByStation bool
}

// StatsRow is one bucket (and station, when split).
type StatsRow struct {
	Period           string // day "2026-06-01", week its Monday, month "2026-06"
	StationID        string // "" unless split by station
	Bookings         int    // confirmed orders created in the bucket
	RevenueCents     int64  // payments kept in the bucket less refunds made in it
	AvgRentalHours   float64
	BookedLockerHour float64 // locker-hours booked by rentals starting in the bucket
	OccupancyPct     float64 // BookedLockerHour over the lockers' hours in the bucket
}
