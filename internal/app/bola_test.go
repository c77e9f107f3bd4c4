package app

import (
	"context"
	"net/http"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/api"
	"lockers/internal/apperr"
	"lockers/internal/clock/clocktest"
	"lockers/internal/demo"
	"lockers/internal/invoice/invoicetest"
	"lockers/internal/jobs/jobstest"
	"lockers/internal/rpc"
)

// bolaCase is what user B gets calling a procedure with user A's ids: the
// input (placeholders {order}, {locker}, {code}, {guest}, {method}, {invoice},
// {notification}, {intent} stand for A's objects) and the catalogued answer.
type bolaCase struct {
	input string
	want  apperr.Code
	// public marks an id of an object everyone may see (a station): the
	// procedure takes an id but owns nothing of A's.
	public string
}

const (
	lockerRef = `"orderUuid":"{order}","orderLockerUuid":"{locker}"`
)

// The door procedures name the order's locker: another user's answers
// LOCKER_NOT_FOUND, as a locker of no order does (hardware's choice).
//
// bolaMatrix has an entry for every signed-in user's procedure whose input
// names an id (a field ending in Uuid or Id). TestBOLAMatrix fails when a
// procedure of that kind has none, so a new one cannot slip past.
var bolaMatrix = map[string]bolaCase{
	"auth.update":            {public: "defaultStationId is a station, which everyone sees"},
	"order.create":           {public: "stationUuid is a station, which everyone sees"},
	"order.get":              {input: `{"orderUuid":"{order}"}`, want: apperr.OrderNotFound},
	"order.confirm":          {input: `{"orderUuid":"{order}","acceptTerms":true}`, want: apperr.OrderNotFound},
	"order.cancel":           {input: `{"orderUuid":"{order}","note":"not mine"}`, want: apperr.OrderNotFound},
	"order.extend":           {input: `{` + lockerRef + `,"end":"{end}"}`, want: apperr.OrderNotFound},
	"order.extendElsewhere":  {input: `{` + lockerRef + `,"end":"{end}"}`, want: apperr.OrderNotFound},
	"order.pay":              {input: `{"orderUuid":"{order}","paymentMethodUuid":"{method}"}`, want: apperr.OrderNotFound},
	"order.paymentLink":      {input: `{"orderUuid":"{order}","lang":"en"}`, want: apperr.OrderNotFound},
	"invoice.list":           {input: `{"orderUuid":"{order}"}`, want: apperr.OrderNotFound},
	"invoice.get":            {input: `{"invoiceUuid":"{invoice}"}`, want: apperr.InvoiceNotFound},
	"paymentMethod.get":      {input: `{"paymentMethodUuid":"{method}"}`, want: apperr.PaymentMethodNotFound},
	"paymentMethod.add":      {input: `{"paymentMethodUuid":"{method}","lang":"en"}`, want: apperr.PaymentMethodNotFound},
	"paymentMethod.activate": {input: `{"paymentMethodUuid":"{method}"}`, want: apperr.PaymentMethodNotFound},
	"paymentMethod.deactivate": {input: `{"paymentMethodUuid":"{method}"}`,
		want: apperr.PaymentMethodNotFound},
	"paymentMethod.remove": {input: `{"paymentMethodUuid":"{method}"}`, want: apperr.PaymentMethodNotFound},
	"locker.open":          {input: `{` + lockerRef + `,"intent":"{intent}"}`, want: apperr.LockerNotFound},
	"locker.openIntent":    {input: `{` + lockerRef + `}`, want: apperr.LockerNotFound},
	"locker.revokeIntent":  {input: `{` + lockerRef + `,"intent":"{intent}"}`, want: apperr.LockerNotFound},
	"locker.replace":       {input: `{` + lockerRef + `}`, want: apperr.LockerNotFound},
	"locker.temperatures":  {input: `{` + lockerRef + `}`, want: apperr.LockerNotFound},
	"code.list":            {input: `{` + lockerRef + `}`, want: apperr.LockerNotFound},
	"code.add":             {input: `{` + lockerRef + `,"kind":"delivery"}`, want: apperr.LockerNotFound},
	"code.regenerate":      {input: `{` + lockerRef + `,"codeUuid":"{code}"}`, want: apperr.LockerNotFound},
	"code.remove":          {input: `{` + lockerRef + `,"codeUuid":"{code}"}`, want: apperr.LockerNotFound},
	"guest.create":         {input: `{` + lockerRef + `}`, want: apperr.LockerNotFound},
	"guest.revoke":         {input: `{` + lockerRef + `,"guestUuid":"{guest}"}`, want: apperr.LockerNotFound},
	"issue.create": {input: `{"category":"dirty","text":"not mine","orderLockerUuid":"{locker}"}`,
		want: apperr.OrderNotFound},
	"notification.read":    {input: `{"id":"{notification}"}`, want: apperr.NotificationNotFound},
	"notification.ofOrder": {input: `{"orderUuid":"{order}"}`, want: apperr.OrderNotFound},
}

// takesID reports whether an input type has a field naming an object by id
// (id, uuid, or a name ending in Uuid or Id).
func takesID(t reflect.Type) bool {
	for _, f := range stringFields(t) {
		name := f.path[len(f.path)-1]
		if name == "id" || name == "uuid" || strings.HasSuffix(name, "Uuid") || strings.HasSuffix(name, "Id") {
			return true
		}
	}
	return false
}

// TestBOLAMatrix: user B calls every signed-in user's procedure that takes an
// id with user A's ids and learns nothing (the *_NOT_FOUND of the object), and A's objects are as they were; B, not a manager, is refused
// every back-office procedure. Both databases.
func TestBOLAMatrix(t *testing.T) {
	t.Parallel() // a stack and databases of its own
	jobstest.EachMigratedURL(t, func(t *testing.T, url string) {
		s := newStack(t, url)
		a, b := s.user(), s.user()
		ids := bolaFixture(t, s, a)

		var paths []string
		for key, p := range s.procs {
			path, isHybrid := strings.CutPrefix(key, "hybrid/")
			if isHybrid && p.Access == rpc.User && takesID(p.Input) {
				paths = append(paths, path)
			}
		}
		sort.Strings(paths)
		for path := range bolaMatrix {
			if p, ok := s.procs["hybrid/"+path]; !ok || p.Access != rpc.User || !takesID(p.Input) {
				t.Errorf("bolaMatrix has %s, which is not a signed-in user's procedure taking an id", path)
			}
		}
		for _, path := range paths {
			c, ok := bolaMatrix[path]
			switch {
			case !ok:
				t.Errorf("%s takes an id: add it to bolaMatrix with what another user's id answers", path)
				continue
			case c.public != "":
				continue
			}
			input := c.input
			for k, v := range ids {
				input = strings.ReplaceAll(input, "{"+k+"}", v)
			}
			got := s.call("hybrid/"+path, b, []byte(input))
			if got.appCode != string(c.want) || got.status != http.StatusNotFound {
				t.Errorf("%s as B: %d %s, want 404 %s", path, got.status, trim(got.body), c.want)
			}
		}

		// A's things are untouched and still A's.
		var o api.OrderView
		s.must("hybrid/order.get", a, `{"orderUuid":"`+ids["order"]+`"}`, &o)
		if o.Status != "booked" || len(o.Lockers) != 1 {
			t.Errorf("A's order after B's calls: %s, %d lockers", o.Status, len(o.Lockers))
		}
		var codes api.CodesView
		s.must("hybrid/code.list", a, `{"orderUuid":"`+ids["order"]+`","orderLockerUuid":"`+ids["locker"]+`"}`, &codes)
		if len(codes.Guests) != 1 || codes.Guests[0].UUID != ids["guest"] || !hasCode(codes, ids["code"]) {
			t.Errorf("A's codes and guests after B's calls: %+v", codes)
		}
		s.must("hybrid/paymentMethod.get", a, `{"paymentMethodUuid":"`+ids["method"]+`"}`, nil)
		s.must("hybrid/invoice.get", a, `{"invoiceUuid":"`+ids["invoice"]+`"}`, nil)
		var notes api.NotificationPage
		s.must("hybrid/notification.list", a, `{}`, &notes)
		if notes.Unread == 0 {
			t.Errorf("A's notifications were marked read by B's calls")
		}

		for key := range s.procs {
			if !strings.HasPrefix(key, "admin/") {
				continue
			}
			if got := s.call(key, b, nil); got.status != http.StatusForbidden || got.appCode != string(apperr.CodeUnauthorized) {
				t.Errorf("%s as a user: %d %s, want 403", key, got.status, trim(got.body))
			}
		}
	})
}

func hasCode(v api.CodesView, id string) bool {
	for _, c := range v.Codes {
		if c.UUID == id {
			return true
		}
	}
	return false
}

// bolaFixture gives user a a booked order with a code and a guest link, a
// payment method and an invoice, and returns their ids by placeholder name.
func bolaFixture(t *testing.T, s *stack, a string) map[string]string {
	t.Helper()
	s.must("hybrid/coupon.register", a, `{"code":"NEXT5"}`, nil) // a free order: booked at once
	day := clocktest.Day(time.Now(), clocktest.Tallinn, 2)
	var o api.OrderView
	s.must("hybrid/order.create", a, `{"stationUuid":"`+demo.Stations[0].ID+`","height":"small","type":"standard",`+
		`"temperature":"cool","start":"`+day+`","end":"`+day+`"}`, &o)
	s.must("hybrid/order.confirm", a, `{"orderUuid":"`+o.UUID+`","acceptTerms":true}`, &o)
	ids := map[string]string{"order": o.UUID, "locker": o.Lockers[0].UUID,
		"end": time.Now().UTC().Add(72 * time.Hour).Format(time.RFC3339)}
	ref := `{"orderUuid":"` + o.UUID + `","orderLockerUuid":"` + o.Lockers[0].UUID + `"}`
	var codes api.CodesView
	s.must("hybrid/code.list", a, ref, &codes)
	ids["code"] = codes.Codes[0].UUID
	// A's rental has not begun, so A gets no intent for it yet; B's open with
	// any intent must still learn nothing of A's locker.
	ids["intent"] = strings.Repeat("A", 43)
	var g api.GuestCreateView
	s.must("hybrid/guest.create", a, ref, &g)
	ids["guest"] = g.UUID
	var m api.PaymentMethodAddView
	s.must("hybrid/paymentMethod.add", a, `{"lang":"en"}`, &m)
	ids["method"] = m.PaymentMethod.UUID
	userID, _, _ := strings.Cut(a, " ")
	inv, err := s.deps.Invoices.Paid(context.Background(), invoicetest.Facts(userID, o.UUID, "pay_bola", time.Now().UTC()))
	if err != nil {
		t.Fatal(err)
	}
	ids["invoice"] = inv.ID
	// The stack runs no job queue, so no order save notifies: A's notification is written as the service would.
	ids["notification"] = uuid.NewString()
	if _, err := s.db.ExecContext(context.Background(), `INSERT INTO notifications (id, user_id, kind, order_id, title, body,
		created_at) VALUES ($1, $2, 'refund_made', $3, 'Refund made', 'Your money is on its way back.', $4)`,
		ids["notification"], userID, o.UUID, time.Now().UTC()); err != nil {
		t.Fatal(err)
	}
	return ids
}
