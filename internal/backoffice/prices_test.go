package backoffice_test

import (
	"context"
	"testing"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/backoffice"
	"lockers/internal/demo"
	"lockers/internal/station"
	"lockers/internal/station/stationsql"
)

// TestStationPrices: a station starts on the defaults; stations.setPrices
// sets its own (validated, audited with before and after) and quotes (the
// stations domain's offers and availability, hence new orders) use them at
// once through the store; setting an empty list goes back to the defaults.
// Another station is not touched.
func TestStationPrices(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		st := demo.Stations[0].ID
		p, err := o.svc.Prices(o.ctx(), st)
		must(t, err)
		if len(p.Prices) != 6 || !p.Prices[0].IsDefault {
			t.Fatalf("defaults: %+v", p)
		}
		for _, bad := range []backoffice.PriceRow{
			{Height: "huge", Temperature: "cool", HourlyCents: 1, DailyCents: 1},
			{Height: "small", Temperature: "cool", HourlyCents: 0, DailyCents: 1},
			{Height: "small", Temperature: "cool", HourlyCents: 1, DailyCents: station.MaxPriceCents + 1},
		} {
			_, err := o.svc.SetPrices(o.ctx(), st, []backoffice.PriceRow{bad}, p.Version, "test")
			wantCode(t, err, apperr.BadInput)
		}
		twice := backoffice.PriceRow{Height: "small", Temperature: "cool", HourlyCents: 1, DailyCents: 2}
		_, err = o.svc.SetPrices(o.ctx(), st, []backoffice.PriceRow{twice, twice}, p.Version, "test")
		wantCode(t, err, apperr.BadInput)
		_, err = o.svc.SetPrices(o.ctx(), "00000000-0000-4000-8000-000000000000", nil, p.Version, "test")
		wantCode(t, err, apperr.StationNotFound)

		p, err = o.svc.SetPrices(o.ctx(), st, []backoffice.PriceRow{
			{Height: "small", Temperature: "cool", HourlyCents: 300, DailyCents: 1200}}, p.Version, "supplier price up")
		must(t, err)
		var own backoffice.PriceRow
		for _, r := range p.Prices {
			if r.Height == "small" && r.Temperature == "cool" {
				own = r
			} else if !r.IsDefault {
				t.Fatalf("only small cool is the station's own: %+v", r)
			}
		}
		if own.IsDefault || own.HourlyCents != 300 || own.DailyCents != 1200 {
			t.Fatalf("small cool %+v", own)
		}
		if n := o.count(`SELECT count(*) FROM audit_log WHERE action = 'admin.stations.setPrices' AND target_id = $1
			AND before_json LIKE '%"IsDefault":true%'`, st); n != 1 {
			t.Fatalf("%d audit rows", n)
		}

		stations := station.NewService(stationsql.New(o.db), func() time.Time { return t0 })
		l, err := stations.Get(context.Background(), st)
		must(t, err)
		smallCool := station.Product{Height: "small", Type: "standard", Temperature: "cool"}
		found := false
		for _, off := range l.Offers {
			if off.Product == smallCool {
				found = true
				if off.Rate != (station.Rate{HourlyCents: 300, DailyCents: 1200}) {
					t.Fatalf("offer rate %+v", off.Rate)
				}
			} else if off.Rate != station.RateFor(off.Product) {
				t.Fatalf("%+v: default rate expected, got %+v", off.Product, off.Rate)
			}
		}
		if !found {
			t.Fatal("the demo station has no small cool compartment: the demo data changed")
		}
		av, err := stations.Availability(context.Background(), l.Station, t0.Add(time.Hour), t0.Add(3*time.Hour))
		must(t, err)
		for _, a := range av {
			if a.Product == smallCool && a.Price.Cents != 600 {
				t.Fatalf("2 h at 300/h: %d", a.Price.Cents)
			}
		}
		other, err := stations.Get(context.Background(), demo.Stations[1].ID)
		must(t, err)
		if other.Prices != nil {
			t.Fatalf("another station got prices: %+v", other.Prices)
		}

		p, err = o.svc.SetPrices(o.ctx(), st, nil, p.Version, "test")
		must(t, err)
		for _, r := range p.Prices {
			if !r.IsDefault {
				t.Fatalf("back to defaults: %+v", r)
			}
		}
	})
}
