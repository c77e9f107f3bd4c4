package api_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/api"
	"lockers/internal/apperr"
	"lockers/internal/identity"
	"lockers/internal/notify"
	"lockers/internal/notify/notifysql"
	"lockers/internal/rpc"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// The notification procedures are the caller's own: paged newest first with an
// opaque cursor, another user's id is NOTIFICATION_NOT_FOUND and changes
// nothing, bad paging input is BAD_INPUT, and the channels round-trip.
func TestNotificationProcedures(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		svc := quietNotify(t, db)
		a := &bookingAPI{t: t, db: db, procs: map[string]rpc.Procedure{}}
		for _, p := range api.Hybrid(api.Deps{Now: func() time.Time { return apiNow }, Notify: svc}) {
			a.procs[p.Path] = p
		}
		for _, p := range []string{"notification.list", "notification.read", "notification.readAll", "notification.settings",
			"notification.updateSettings"} {
			if a.procs[p].Access != rpc.User {
				t.Errorf("%s is not for signed-in users only", p)
			}
		}
		me, other := a.user(), a.user()
		uid := func(ctx context.Context) string { p, _ := identity.From(ctx); return p.UserID }
		add := func(user string, i int) string {
			id := uuid.NewString()
			if _, err := db.ExecContext(context.Background(), `INSERT INTO notifications (id, user_id, kind, title, body,
				created_at) VALUES ($1, $2, 'ended', $3, 'b', $4)`, id, user, "n"+string(rune('0'+i)),
				apiNow.Add(time.Duration(i)*time.Minute)); err != nil {
				t.Fatal(err)
			}
			return id
		}
		for i := range 3 {
			add(uid(me), i)
		}
		theirs := add(uid(other), 9)

		var page api.NotificationPage
		a.must(me, "notification.list", `{"limit":2}`, &page)
		// Written before params were kept: no params, the stored words.
		if len(page.Items) != 2 || page.Items[0].Title != "n2" || page.Unread != 3 || page.NextCursor == nil || page.Items[0].Read ||
			page.Items[0].Params != nil {
			t.Fatalf("first page %+v", page)
		}
		var next api.NotificationPage
		a.must(me, "notification.list", `{"limit":2,"cursor":"`+*page.NextCursor+`"}`, &next)
		if len(next.Items) != 1 || next.Items[0].Title != "n0" || next.NextCursor != nil {
			t.Fatalf("second page %+v", next)
		}
		a.wantCode(me, "notification.list", `{"limit":101}`, apperr.BadInput)
		a.wantCode(me, "notification.list", `{"cursor":"not-ours"}`, apperr.BadInput)
		a.wantCode(me, "notification.read", `{"id":"`+theirs+`"}`, apperr.NotificationNotFound)
		a.wantCode(me, "notification.read", `{"id":"nope"}`, apperr.NotificationNotFound)
		a.wantCode(me, "notification.read", `{}`, apperr.MissingParams)
		a.must(other, "notification.list", ``, &page)
		if page.Unread != 1 {
			t.Error("reading another user's id changed it")
		}
		a.must(me, "notification.read", `{"id":"`+next.Items[0].ID+`"}`, nil)
		var marked api.ReadAllResult
		a.must(me, "notification.readAll", ``, &marked)
		if marked.Marked != 2 {
			t.Errorf("read all marked %d, want 2", marked.Marked)
		}
		var s api.NotificationSettingsView
		a.must(me, "notification.settings", ``, &s)
		if s != (api.NotificationSettingsView{Push: true, Email: true}) {
			t.Errorf("defaults %+v", s)
		}
		// SMS needs a verified phone (issue 28): refused until the number is verified.
		a.wantCode(me, "notification.updateSettings", `{"push":false,"email":false,"sms":true}`, apperr.BadInput)
		if _, err := db.ExecContext(context.Background(), `UPDATE users SET phone_prefix = '+372', phone = '5550199',
			phone_verified_at = $2 WHERE id = $1`, uid(me), apiNow); err != nil {
			t.Fatal(err)
		}
		a.must(me, "notification.updateSettings", `{"push":false,"email":false,"sms":true}`, nil)
		a.must(me, "notification.settings", ``, &s)
		if s != (api.NotificationSettingsView{SMS: true}) {
			t.Errorf("saved %+v", s)
		}
	})
}

type (
	nopPush struct{}
	nopMail struct{}
	nopSMS  struct{}
)

func (nopPush) Push(context.Context, notify.PushToken, notify.PushMessage) error { return nil }
func (nopMail) SendMail(context.Context, string, string, string, string) error   { return nil }
func (nopSMS) SendSMS(context.Context, string, string) error                     { return nil }

// quietNotify is the notification service on db at apiNow, sending nothing anywhere.
func quietNotify(t *testing.T, db *store.DB) *notify.Service {
	t.Helper()
	svc, err := notify.NewService(notify.Deps{Store: notifysql.New(db), Push: nopPush{}, Mail: nopMail{}, SMS: nopSMS{},
		Now: func() time.Time { return apiNow }})
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

// TestNotificationViewCarriesItsParams (issue 28): a notification is listed
// with the params the app words it from (times in RFC 3339, the station's
// zone), whatever language its stored title was written in.
func TestNotificationViewCarriesItsParams(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		svc := quietNotify(t, db)
		a := &bookingAPI{t: t, db: db, procs: map[string]rpc.Procedure{}}
		for _, p := range api.Hybrid(api.Deps{Now: func() time.Time { return apiNow }, Notify: svc}) {
			a.procs[p.Path] = p
		}
		me := a.user()
		p, _ := identity.From(me)
		if _, err := db.ExecContext(context.Background(), `INSERT INTO notifications (id, user_id, kind, params, title, body,
			created_at) VALUES ($1, $2, 'payment_failed', $3, 'Makse lükati tagasi', 'b', $4)`, uuid.NewString(), p.UserID,
			`{"station":"Viru Keskus","until":"2026-11-28T18:45:00Z","timeZone":"Europe/Tallinn"}`, apiNow); err != nil {
			t.Fatal(err)
		}
		var page api.NotificationPage
		a.must(me, "notification.list", ``, &page)
		if len(page.Items) != 1 || page.Items[0].Params == nil {
			t.Fatalf("page %+v", page)
		}
		got := *page.Items[0].Params
		if got.Station != "Viru Keskus" || got.Until == nil || *got.Until != "2026-11-28T18:45:00Z" || got.Start != nil ||
			got.Extension || got.TimeZone != "Europe/Tallinn" {
			t.Errorf("params %+v", got)
		}
	})
}
