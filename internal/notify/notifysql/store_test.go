package notifysql_test

import (
	"context"
	"testing"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/jobs/jobstest"
	"lockers/internal/notify"
	"lockers/internal/store"
)

// TestListReadAndSettings: the list is paged newest first with its unread
// count; another user's id and a malformed one are NOTIFICATION_NOT_FOUND and
// change nothing; settings persist; a dead push token is dropped.
func TestListReadAndSettings(t *testing.T) {
	t.Parallel() // a database, a queue and a sink of its own
	jobstest.Each(t, func(t *testing.T, db *store.DB) {
		out := newSent()
		out.dead["gone"] = true
		p := start(t, db, out)
		ctx := context.Background()
		me, other := user(t, db, "en", "gone"), user(t, db, "en", "tok-3")
		for i := range 5 {
			if err := p.svc.Publish(ctx, notify.Event{UserID: me, Kind: notify.DoorLeftOpen,
				Params: notify.Params{Station: "Ülemiste", Locker: string(rune('A' + i))}}); err != nil {
				t.Fatal(err)
			}
			time.Sleep(2 * time.Millisecond) // distinct times, so "newest" is well defined
		}
		if err := p.svc.Publish(ctx, notify.Event{UserID: other, Kind: notify.IssueAnswered,
			Params: notify.Params{Answer: "Cleaned."}}); err != nil {
			t.Fatal(err)
		}

		first, err := p.svc.List(ctx, me, notify.Cursor{}, 2)
		if err != nil || len(first.Items) != 2 || first.Next == nil || first.Unread != 5 {
			t.Fatalf("first page: %+v, %v", first, err)
		}
		if first.Items[0].Body != "The door of locker E at Ülemiste is open. Please close it." {
			t.Errorf("newest: %q", first.Items[0].Body)
		}
		var all []notify.Notification
		for c := (notify.Cursor{}); ; {
			page, err := p.svc.List(ctx, me, c, 2)
			if err != nil {
				t.Fatal(err)
			}
			all = append(all, page.Items...)
			if page.Next == nil {
				break
			}
			c = *page.Next
		}
		if len(all) != 5 || all[4].Body != "The door of locker A at Ülemiste is open. Please close it." {
			t.Fatalf("pages: %+v", all)
		}

		theirs := list(t, p, other).Items[0].ID
		for _, id := range []string{theirs, "not-an-id", "00000000-0000-0000-0000-000000000000"} {
			if err := p.svc.Read(ctx, me, id); apperr.CodeOf(err) != apperr.NotificationNotFound {
				t.Errorf("read %q: %v, want NOTIFICATION_NOT_FOUND", id, err)
			}
		}
		if list(t, p, other).Unread != 1 {
			t.Error("another user's read changed their notification")
		}
		if err := p.svc.Read(ctx, me, all[0].ID); err != nil {
			t.Fatal(err)
		}
		if got := list(t, p, me); got.Unread != 4 || got.Items[0].ReadAt == nil {
			t.Fatalf("after one read: unread %d", got.Unread)
		}
		if n, err := p.svc.ReadAll(ctx, me); err != nil || n != 4 || list(t, p, me).Unread != 0 {
			t.Fatalf("read all: %d, %v", n, err)
		}

		// Delivered before the user turns push off below.
		eventually(t, "the dead token dropped", func() bool {
			var n int
			_ = db.QueryRowContext(ctx, `SELECT count(*) FROM devices WHERE user_id = $1 AND push_token IS NOT NULL`, me).Scan(&n)
			return n == 0
		})
		if s, _ := p.svc.Settings(ctx, me); s != notify.DefaultSettings {
			t.Errorf("default settings %+v", s)
		}
		want := notify.Settings{Push: false, Email: true, SMS: true}
		// Text messages need a verified phone (issue 28).
		if _, err := p.svc.UpdateSettings(ctx, me, want); apperr.CodeOf(err) != apperr.BadInput {
			t.Fatalf("SMS without a verified phone: %v, want BAD_INPUT", err)
		}
		if s, _ := p.svc.Settings(ctx, me); s != notify.DefaultSettings {
			t.Errorf("a refused change was saved: %+v", s)
		}
		if _, err := db.ExecContext(ctx, `UPDATE users SET phone_prefix = '+372', phone = '5550123', phone_verified_at = $2
			WHERE id = $1`, me, time.Now().UTC()); err != nil {
			t.Fatal(err)
		}
		if _, err := p.svc.UpdateSettings(ctx, me, want); err != nil {
			t.Fatal(err)
		}
		if s, _ := p.svc.Settings(ctx, me); s != want {
			t.Errorf("settings %+v, want %+v", s, want)
		}

	})
}
