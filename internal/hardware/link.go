package hardware

import "time"

// Link states of a station as operators are shown them.
const (
	LinkOnline  = "online"
	LinkOffline = "offline"
	LinkNever   = "never" // no heartbeat ever arrived
)

// LinkState is the one rule for whether a station is online, shared by the
// network list, the overview's count and the station's hardware page, so they
// always agree with the alarms: a station is online only when its controller
// said so, its last heartbeat is younger than OfflineAfter and no "station
// offline" alarm is open (an operator sees an open alarm and an "Online" badge
// never together; the alarm ends at the next check once the station is heard).
func LinkState(linkOnline bool, lastSeen time.Time, offlineAlarm bool, now time.Time) string {
	switch {
	case offlineAlarm:
		return LinkOffline
	case lastSeen.IsZero():
		return LinkNever
	case !linkOnline || now.Sub(lastSeen) > OfflineAfter:
		return LinkOffline
	}
	return LinkOnline
}
