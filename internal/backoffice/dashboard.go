package backoffice

// Dashboard is /admin's "today at a glance". Today is the UTC day of the
// service's clock (stations may sit in other time zones; one day for all keeps
// the figures comparable).
type Dashboard struct {
	Day             string // YYYY-MM-DD
	BookingsToday   int    // orders created today that got past the hold (confirmed)
	RevenueCents    int64  // payments kept today, less refunds made today
	LockersTotal    int    // compartments of active stations
	LockersInUse    int    // of them, held by an order right now
	OpenHolds       int    // orders in reserved, unpaid or processing
	RentalsRunning  int    // orders active or extended
	OpenIssues      int    // issues open or in progress
	StationsOffline int    // active stations whose controller link is down
}
