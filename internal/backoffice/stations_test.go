package backoffice_test

import (
	"testing"

	"lockers/internal/apperr"
	"lockers/internal/station"
)

// TestStationsAndCompartments: create and edit a station, add compartments,
// take one out of service; bad input and taken labels are refused; each write is audited.
func TestStationsAndCompartments(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		f := station.StationFields{Name: "Kristiine", Address: "Endla 45", City: "Tallinn", Latitude: 59.427,
			Longitude: 24.724, TimeZone: "Europe/Tallinn", Active: true}
		st, err := o.svc.SaveStation(o.ctx(), "", f, "")
		must(t, err)
		if st.OpeningHours != "24/7" || !st.Active || st.Compartments != 0 {
			t.Fatalf("created %+v", st)
		}
		f.Active, f.OpeningHours = false, "Mo-Su 08:00-22:00"
		st, err = o.svc.SaveStation(o.ctx(), st.ID, f, st.Version)
		must(t, err)
		if st.Active || st.OpeningHours != "Mo-Su 08:00-22:00" {
			t.Fatalf("edited %+v", st)
		}
		bad := f
		bad.TimeZone = "Mars/Olympus"
		_, err = o.svc.SaveStation(o.ctx(), st.ID, bad, st.Version)
		wantCode(t, err, apperr.BadInput)
		bad = f
		bad.Latitude = 91
		_, err = o.svc.SaveStation(o.ctx(), "", bad, "")
		wantCode(t, err, apperr.BadInput)
		_, err = o.svc.SaveStation(o.ctx(), "00000000-0000-4000-8000-000000000000", f, "")
		wantCode(t, err, apperr.StationNotFound)

		c := station.CompartmentFields{Label: "A1", Height: "small", Temperature: "cool", HeightMM: 360, WidthMM: 440, DepthMM: 600}
		a1, err := o.svc.SaveCompartment(o.ctx(), st.ID, "", c, "", "")
		must(t, err)
		_, err = o.svc.SaveCompartment(o.ctx(), st.ID, "", c, "", "")
		wantCode(t, err, apperr.BadInput) // label taken
		c.OutOfService = true
		_, err = o.svc.SaveCompartment(o.ctx(), st.ID, a1.ID, c, a1.Version, "door hinge broken")
		must(t, err)
		c.Height = "huge"
		_, err = o.svc.SaveCompartment(o.ctx(), st.ID, a1.ID, c, a1.Version, "door hinge broken")
		wantCode(t, err, apperr.BadInput)
		_, cs, err := o.svc.Compartments(o.ctx(), st.ID)
		must(t, err)
		if len(cs) != 1 || !cs[0].OutOfService || cs[0].Type != "standard" {
			t.Fatalf("compartments %+v", cs)
		}
		p, err := o.svc.Stations(o.ctx(), "kristi", "", 0)
		must(t, err)
		if len(p.Stations) != 1 || p.Stations[0].Compartments != 1 {
			t.Fatalf("search %+v", p.Stations)
		}
		if n := o.count(`SELECT count(*) FROM audit_log WHERE action LIKE 'admin.stations.%'`); n != 4 {
			t.Fatalf("%d station audit rows, want 4 (create, update, add, update)", n)
		}
	})
}
