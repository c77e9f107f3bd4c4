package api_test

import (
	"context"
	"testing"

	"lockers/internal/api"
	"lockers/internal/apperr"
	"lockers/internal/demo"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// station.freeDays counts, per local day, the lockers of one product free for all
// of the day: a booking on one day lowers that day only; days before today are
// left out; bad input is refused with the catalogue's codes.
func TestStationFreeDays(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a := newBookingAPI(t, db)
		st := demo.Stations[0].ID
		me := a.user()
		var order api.OrderView
		a.must(me, "order.create", `{"stationUuid":"`+st+`","height":"small","type":"standard","temperature":"neutral",`+
			`"start":"2026-06-07T10:00","end":"2026-06-07T12:00","idempotencyKey":"k1"}`, &order)

		var v api.FreeDaysView
		// apiNow is 2026-06-05 12:00 in Tallinn: the 4th is over and left out.
		a.must(context.Background(), "station.freeDays", `{"stationUuid":"`+st+`","height":"small","type":"standard",`+
			`"temperature":"neutral","from":"2026-06-04","days":5}`, &v)
		if v.StationUUID != st || v.TimeZone != "Europe/Tallinn" || len(v.Days) != 4 {
			t.Fatalf("freeDays %+v", v)
		}
		want := map[string]int{"2026-06-05": 3, "2026-06-06": 3, "2026-06-07": 2, "2026-06-08": 3}
		for _, d := range v.Days {
			if d.Total != 3 || d.Free != want[d.Date] {
				t.Errorf("day %+v, want %d of 3 free", d, want[d.Date])
			}
		}

		// A product the station does not offer counts nothing.
		a.must(context.Background(), "station.freeDays", `{"stationUuid":"`+st+`","height":"big","type":"nonesuch",`+
			`"temperature":"warm","from":"2026-06-05","days":1}`, &v)
		if len(v.Days) != 1 || v.Days[0].Total != 0 || v.Days[0].Free != 0 {
			t.Fatalf("unknown product %+v", v)
		}

		// station.list and station.get tell what is free for the next hour:
		// the booking on the 7th takes nothing from now.
		var list []api.StationView
		a.must(context.Background(), "station.list", "", &list)
		if p := list[0].Products[1]; list[0].UUID != st || p.Temperature != "neutral" || p.FreeNow != 3 || p.Total != 3 {
			t.Fatalf("station.list %+v", list[0])
		}
		a.must(me, "order.create", `{"stationUuid":"`+st+`","height":"small","type":"standard","temperature":"neutral",`+
			`"start":"2026-06-05T12:30","end":"2026-06-05T14:00","idempotencyKey":"k2"}`, &order)
		var one api.StationView
		a.must(context.Background(), "station.get", `{"stationUuid":"`+st+`"}`, &one)
		if p := one.Products[1]; p.FreeNow != 2 || p.Total != 3 || one.Products[0].FreeNow != one.Products[0].Total {
			t.Fatalf("station.get after a booking now %+v", one.Products)
		}

		ctx := context.Background()
		base := `"stationUuid":"` + st + `","height":"small","type":"standard","temperature":"neutral"`
		a.wantCode(ctx, "station.freeDays", `{`+base+`,"from":"2026-06-05","days":0}`, apperr.BadInput)
		a.wantCode(ctx, "station.freeDays", `{`+base+`,"from":"2026-06-05","days":63}`, apperr.BadInput)
		a.wantCode(ctx, "station.freeDays", `{`+base+`,"from":"June 5","days":3}`, apperr.BadInput)
		a.wantCode(ctx, "station.freeDays", `{`+base+`,"from":"2028-06-05","days":3}`, apperr.BadInput)
		a.wantCode(ctx, "station.freeDays", `{`+base+`,"days":3}`, apperr.MissingParams)
		a.wantCode(ctx, "station.freeDays", `{"stationUuid":"`+st+`","height":"huge","type":"standard","temperature":"neutral","from":"2026-06-05","days":3}`, apperr.BadInput)
		a.wantCode(ctx, "station.freeDays", `{"stationUuid":"00000000-0000-4000-8000-000000000000","height":"small","type":"standard","temperature":"neutral","from":"2026-06-05","days":3}`, apperr.StationNotFound)
	})
}
