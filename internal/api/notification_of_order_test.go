package api_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/api"
	"lockers/internal/apperr"
	"lockers/internal/identity"
	"lockers/internal/rpc"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// TestNotificationOfOrderKeepsItsChanges (issue 42): notification.ofOrder
// answers the changes made to one of the caller's orders (an extension
// offered and lapsed, a refund with its reason), newest first, without its
// reminders or other orders' notifications; another user's order and a bad
// id are ORDER_NOT_FOUND.
func TestNotificationOfOrderKeepsItsChanges(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		svc := quietNotify(t, db)
		a := newBookingAPI(t, db)
		for _, p := range api.Hybrid(api.Deps{Now: func() time.Time { return apiNow }, Notify: svc, Orders: a.orders}) {
			if p.Path == "notification.ofOrder" {
				a.procs[p.Path] = p
			}
		}
		if a.procs["notification.ofOrder"].Access != rpc.User {
			t.Fatal("notification.ofOrder is not for signed-in users only")
		}
		me, other := a.user(), a.user()
		mine, _ := identity.From(me)
		orderID, otherOrder := payOrder(t, a, me), uuid.NewString()
		add := func(kind, order, params string, at time.Duration) {
			if _, err := db.ExecContext(context.Background(), `INSERT INTO notifications (id, user_id, kind, order_id, params,
				title, body, created_at) VALUES ($1, $2, $3, $4, $5, 't', 'b', $6)`, uuid.NewString(), mine.UserID, kind,
				order, params, apiNow.Add(at)); err != nil {
				t.Fatal(err)
			}
		}
		add("booking_confirmed", orderID, `{"station":"Viru Keskus"}`, 0)
		add("extension_offered", orderID, `{"station":"Viru Keskus","amountCents":750}`, time.Minute)
		add("ends_soon", orderID, `{"station":"Viru Keskus"}`, 2*time.Minute)
		add("extension_offered", orderID, `{"station":"Viru Keskus","amountCents":750,"lapsed":true}`, 3*time.Minute)
		add("refund_made", orderID, `{"station":"Viru Keskus","amountCents":500,"reason":"door broke"}`, 4*time.Minute)
		add("refund_made", otherOrder, `{"station":"Viru Keskus","amountCents":100}`, 5*time.Minute)

		var got []api.NotificationView
		a.must(me, "notification.ofOrder", `{"orderUuid":"`+orderID+`"}`, &got)
		if len(got) != 3 || got[0].Kind != "refund_made" || got[0].Params == nil || got[0].Params.Reason != "door broke" ||
			got[1].Kind != "extension_offered" || !got[1].Params.Lapsed || got[2].Kind != "extension_offered" || got[2].Params.Lapsed {
			t.Fatalf("changes %+v", got)
		}
		a.wantCode(other, "notification.ofOrder", `{"orderUuid":"`+orderID+`"}`, apperr.OrderNotFound)
		a.wantCode(me, "notification.ofOrder", `{"orderUuid":"nope"}`, apperr.OrderNotFound)
	})
}
