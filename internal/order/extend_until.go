package order

import (
	"time"

	"lockers/internal/station"
)

// ExtendUntil is the latest new end Extend accepts for the order locker l: a
// booking lasts at most station.MaxDuration from its start, and ends no later
// than the booking horizon (latest, Stations.LatestEnd). The extend screen
// offers ends up to it only, and prices only those (issue 46), so it never
// lists or quotes an end that Extend then refuses on these rules. It is cut
// to the minute, the resolution an end is entered in.
func ExtendUntil(l Locker, latest time.Time) time.Time {
	until := l.Start.Add(station.MaxDuration)
	if latest.Before(until) {
		until = latest
	}
	return until.UTC().Truncate(time.Minute)
}

// LatestEnd is the booking horizon now: the latest end a timeframe or an
// extension entered now may have.
func (s *Service) LatestEnd() time.Time { return s.stations.LatestEnd() }
