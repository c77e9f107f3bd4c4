package api_test

import (
	"testing"

	"lockers/internal/api"
	"lockers/internal/apperr"
	"lockers/internal/demo"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// TestTimeframesAreBounded: a booking starts no earlier than a day ago and
// ends (created or extended) no later than a year ahead of apiNow
// (2026-06-05 09:00Z). Year 10000, reachable through a negative offset, used to
// answer 500 on SQLite and, once stored, break order.list for its user.
func TestTimeframesAreBounded(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a := newBookingAPI(t, db)
		me := a.user()
		frame := func(start, end string) string {
			return `{"stationUuid":"` + demo.Stations[0].ID + `","height":"small","type":"standard","temperature":"cool",` +
				`"start":"` + start + `","end":"` + end + `"}`
		}
		for _, tc := range []struct{ start, end string }{
			{"9999-12-31T23:00:00-05:00", "9999-12-31T23:30:00-05:00"}, // year 10000 in UTC
			{"9999-12-31", "9999-12-31"},
			{"2027-06-05T08:00:00Z", "2027-06-05T10:00:00Z"}, // a year and an hour ahead
			{"2026-06-03T08:00:00Z", "2026-06-05T12:00:00Z"}, // starts two days ago
		} {
			a.wantCode(me, "order.create", frame(tc.start, tc.end), apperr.BadInput)
			a.wantCode(me, "station.availability", `{"stationUuid":"`+demo.Stations[0].ID+`","start":"`+tc.start+
				`","end":"`+tc.end+`"}`, apperr.BadInput)
		}
		// The edges: a start earlier today is moved to now; an end within the year is taken.
		var o api.OrderView
		a.must(me, "order.create", frame("2026-06-04T10:00:00Z", "2026-06-05T12:00:00Z"), &o)
		if o.Start != "2026-06-05T09:00:00Z" {
			t.Fatalf("start %s, want now", o.Start)
		}
		a.must(me, "order.confirm", `{"orderUuid":"`+o.UUID+`","acceptTerms":true}`, &o)
		var late api.OrderView
		a.must(me, "order.create", frame("2027-06-04T08:00:00Z", "2027-06-05T08:00:00Z"), &late)

		extend := func(end string) string {
			return `{"orderUuid":"` + o.UUID + `","orderLockerUuid":"` + o.Lockers[0].UUID + `","end":"` + end + `"}`
		}
		a.wantCode(me, "order.extend", extend("9999-12-31T23:00:00-05:00"), apperr.BadInput)
		a.wantCode(me, "order.extendElsewhere", extend("9999-12-31T23:00:00-05:00"), apperr.BadInput)
		a.wantCode(me, "order.extend", extend("2027-06-06T09:00:00Z"), apperr.BadInput)
		var list []api.OrderView
		a.must(me, "order.list", `{"scope":"active"}`, &list)
		if len(list) != 2 {
			t.Fatalf("order.list: %d orders, want 2", len(list))
		}
	})
}
