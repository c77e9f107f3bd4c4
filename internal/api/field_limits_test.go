package api_test

import (
	"os"
	"regexp"
	"strconv"
	"testing"

	"lockers/internal/account"
	"lockers/internal/help"
	"lockers/internal/issue"
	"lockers/internal/order"
	"lockers/internal/station"
)

// TestTheAppStatesTheServersFieldLimits (issue 46): the app's maxLength and the
// limit it says at each customer and station field are the server's, so the app neither cuts
// what the server would take nor sends what it refuses.
func TestTheAppStatesTheServersFieldLimits(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("../../web/src/lib/field-limits.ts")
	if err != nil {
		t.Fatal(err)
	}
	app := map[string]int{}
	for _, m := range regexp.MustCompile(`(?m)^\s+(\w+): (\d+),$`).FindAllStringSubmatch(string(src), -1) {
		n, _ := strconv.Atoi(m[2])
		app[m[1]] = n
	}
	server := map[string]int{
		"firstName":        account.MaxNameRunes,
		"lastName":         account.MaxNameRunes,
		"email":            account.MaxEmailBytes,
		"passwordMin":      account.MinPassword,
		"passwordMax":      account.MaxPassword,
		"deleteReason":     account.MaxReasonRunes,
		"cancelNote":       order.MaxNoteLength,
		"issueText":        issue.MaxTextRunes,
		"helpQuery":        help.MaxQueryRunes,
		"stationName":      station.MaxStationNameRunes,
		"stationAddress":   station.MaxStationAddressRunes,
		"stationCity":      station.MaxStationCityRunes,
		"openingHours":     station.MaxOpeningHoursRunes,
		"compartmentLabel": station.MaxLabelRunes,
		"compartmentType":  station.MaxTypeRunes,
	}
	if len(app) != len(server) {
		t.Errorf("the app lists %d limits, the server %d: %v", len(app), len(server), app)
	}
	for field, want := range server {
		if got, ok := app[field]; !ok || got != want {
			t.Errorf("%s: the app says %d (listed: %v), the server %d", field, got, ok, want)
		}
	}
}
