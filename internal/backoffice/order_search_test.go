package backoffice_test

import (
	"strings"
	"testing"
	"time"

	"lockers/internal/backoffice"
	"lockers/internal/demo"
)

// Orders are found by their id, whole or its first characters (with or
// without hyphens), and by the label of a compartment they booked, at one
// station or all (issue 30).
func TestOrderSearchByIdOrCompartment(t *testing.T) {
	eachDB(t, func(t *testing.T, o *office) {
		mari := o.user("mari@example.com", "Mari", "Tamm", t0)
		a := o.order(mari, 1, "booked", t0)
		b := o.order(mari, 2, "booked", t0.Add(time.Hour))
		o.order(mari, 1, "booked", t0.Add(2*time.Hour)) // no compartment
		o.lockerFor(a, 1, 5, t0.Add(time.Hour))
		o.lockerFor(b, 2, 5, t0.Add(2*time.Hour))
		// Labels are per station: Ülemiste gets an A05 too.
		o.exec(`UPDATE lockers SET label = 'A05' WHERE id = $1`, demo.LockerID(2, 5))
		var label string
		if err := o.db.QueryRowContext(o.ctx(), `SELECT label FROM lockers WHERE id = $1`, demo.LockerID(1, 5)).Scan(&label); err != nil {
			t.Fatal(err)
		}
		find := func(q, station string) []string {
			t.Helper()
			p, err := o.svc.Orders(o.ctx(), backoffice.OrderFilter{Query: q, StationID: station})
			must(t, err)
			var ids []string
			for _, r := range p.Orders {
				ids = append(ids, r.ID)
			}
			return ids
		}
		if got := find(a, ""); len(got) != 1 || got[0] != a {
			t.Fatalf("by whole id: %v", got)
		}
		if got := find(strings.ToUpper(a[:13]), ""); !contains(got, a) {
			t.Fatalf("by the id's start %q: %v", a[:13], got)
		}
		if got := find(strings.ReplaceAll(a[:13], "-", ""), ""); !contains(got, a) {
			t.Fatalf("by the id's start without hyphens: %v", got)
		}
		if got := find(strings.ToLower(label), ""); len(got) != 2 || got[0] != b || got[1] != a {
			t.Fatalf("by compartment %s at every station: %v (newest first: b, a)", label, got)
		}
		if got := find(label, demo.Stations[0].ID); len(got) != 1 || got[0] != a {
			t.Fatalf("by compartment %s at Viru: %v", label, got)
		}
		if got := find("Z99", ""); len(got) != 0 {
			t.Fatalf("an unknown compartment found %v", got)
		}
	})
}

func contains(ids []string, id string) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}
