package api_test

import (
	"context"
	"encoding/json"
	"testing"

	"lockers/internal/api"
	"lockers/internal/backoffice"
	"lockers/internal/identity"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// TestOutOfServiceRefundsWhatCannotMove: a paid booking whose compartment goes
// out of service while no other compartment of its kind is free is listed as
// "refund" first, then refunded in full by the save, which ends it (refunded,
// its compartment let go); the Refunded filter finds it.
func TestOutOfServiceRefundsWhatCannotMove(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a := newBookingAPI(t, db)
		me := a.user()
		paid := payOrder(t, a, me)
		office := a.office(backoffice.Deps{Refund: a.payments, Extend: a.orders})
		for _, p := range api.Admin(api.Deps{Backoffice: office}) {
			a.procs["admin/"+p.Path] = p
		}
		mp, _ := identity.From(a.user())
		manager := identity.With(context.Background(), identity.Principal{UserID: mp.UserID, SessionID: "s",
			Roles: []string{identity.RoleManager}})

		var od api.AdminOrderDetail
		a.must(manager, "admin/orders.get", `{"orderUuid":"`+paid+`"}`, &od)
		station, locker := od.Order.StationUUID, od.Lockers[0].LockerUUID
		var sd api.AdminStationDetail
		a.must(manager, "admin/stations.get", `{"stationUuid":"`+station+`"}`, &sd)
		var mine api.AdminCompartment
		for _, c := range sd.Compartments {
			if c.UUID == locker {
				mine = c
			}
		}
		for _, c := range sd.Compartments { // every other compartment of its kind is out of service already
			if c.UUID != locker && c.Compartment.Height == mine.Compartment.Height &&
				c.Compartment.Temperature == mine.Compartment.Temperature && c.Compartment.Type == mine.Compartment.Type {
				if _, err := db.ExecContext(context.Background(), `UPDATE lockers SET state = 'out_of_service' WHERE id = $1`, c.UUID); err != nil {
					t.Fatal(err)
				}
			}
		}

		var preview []api.AdminRentalEffect
		a.must(manager, "admin/stations.compartmentEffects", `{"stationUuid":"`+station+`","compartmentUuid":"`+locker+`"}`, &preview)
		if len(preview) != 1 || preview[0].OrderUUID != paid || preview[0].Effect != "refund" {
			t.Fatalf("preview %+v", preview)
		}
		f := mine.Compartment
		f.OutOfService = true
		fields, _ := json.Marshal(f)
		var saved api.AdminCompartment
		a.must(manager, "admin/stations.updateCompartment", `{"stationUuid":"`+station+`","compartmentUuid":"`+locker+
			`","version":"`+mine.Version+`","reason":"water damage","compartment":`+string(fields)+`}`, &saved)
		if len(saved.Effects) != 1 || saved.Effects[0].Effect != "refund" || len(saved.Failed) != 0 {
			t.Fatalf("saved %+v", saved)
		}
		a.must(manager, "admin/orders.get", `{"orderUuid":"`+paid+`"}`, &od)
		if od.Order.Status != "refunded" || od.Order.PaidCents != 0 || od.Lockers[0].Live {
			t.Fatalf("the booking after: %+v, lockers %+v", od.Order, od.Lockers)
		}
		var list api.AdminOrderPage
		a.must(manager, "admin/orders.list", `{"status":"refunded"}`, &list)
		if len(list.Items) != 1 || list.Items[0].UUID != paid {
			t.Fatalf("the Refunded filter finds %+v", list.Items)
		}
	})
}
