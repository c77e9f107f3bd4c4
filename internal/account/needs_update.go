package account

// NeedsUpdate reports whether a client of appVersion must update to reach
// minVersion (MIN_APP_VERSION). An unreadable client version needs an update; an
// unreadable minimum (rejected at start-up by config) never forces one.
func NeedsUpdate(appVersion, minVersion string) bool {
	min, err := parseVersion(minVersion)
	if err != nil {
		return false
	}
	return olderThan(appVersion, min)
}
