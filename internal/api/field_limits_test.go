package api_test

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"lockers/internal/account"
	"lockers/internal/api"
	"lockers/internal/help"
	"lockers/internal/issue"
	"lockers/internal/order"
	"lockers/internal/rpc"
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

// TestTheInputGateTakesEveryFieldLimit (issue 46): each field's longest value,
// in letters of two bytes, passes the input gate of the procedure that takes it,
// so a form filled to its stated limit is not refused before the domain's own
// check (issue.create's text was capped at 256 while the form said 2000).
func TestTheInputGateTakesEveryFieldLimit(t *testing.T) {
	t.Parallel()
	long := func(n int) string { return strings.Repeat("ä", n) }
	ptr := func(s string) *string { return &s }
	email := strings.Repeat("e", 64) + "@" + strings.Repeat("d", account.MaxEmailBytes-64-1-4) + ".com"
	fields := api.AdminStationFields{Name: long(station.MaxStationNameRunes), Address: long(station.MaxStationAddressRunes),
		City: long(station.MaxStationCityRunes), OpeningHours: long(station.MaxOpeningHoursRunes)}
	for name, in := range map[string]any{
		"auth.register email":     &api.RegisterInput{Email: email},
		"auth.update names":       &api.UpdateInput{FirstName: ptr(long(account.MaxNameRunes)), LastName: ptr(long(account.MaxNameRunes))},
		"auth.remove reason":      &api.RemoveInput{Reason: long(account.MaxReasonRunes)},
		"order.cancel note":       &api.OrderCancelInput{Note: long(order.MaxNoteLength)},
		"issue.create text":       &api.IssueCreateInput{Text: long(issue.MaxTextRunes)},
		"help.search query":       &api.HelpSearchInput{Query: long(help.MaxQueryRunes)},
		"stations.update station": &api.AdminStationSaveInput{Station: fields},
		"stations.updateCompartment fields": &api.AdminCompartmentSaveInput{Compartment: api.AdminCompartmentFields{
			Label: long(station.MaxLabelRunes), Type: long(station.MaxTypeRunes)}},
	} {
		if err := rpc.Clean(in); err != nil {
			t.Errorf("%s at its limit: the input gate refuses it: %v", name, err)
		}
	}
}
