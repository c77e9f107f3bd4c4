package notifysql_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"lockers/internal/jobs/jobstest"
	"lockers/internal/notify"
	"lockers/internal/store"
)

// TestOperatorChangesAreKeptAndMailed: a deleted booking, an extension
// waiting for payment and a returned second payment (issue 42) are stored on
// the order, worded with their amounts, and e-mailed; a repeated key tells once.
func TestOperatorChangesAreKeptAndMailed(t *testing.T) {
	t.Parallel()
	jobstest.Each(t, func(t *testing.T, db *store.DB) {
		out := newSent()
		p := start(t, db, out)
		ctx := context.Background()
		u := user(t, db, "en", "tok-1")
		id := reserved(t, db, u, 3*time.Hour, 5*time.Hour)
		at := time.Date(2026, 6, 7, 9, 0, 0, 0, time.UTC)
		ext := notify.Event{UserID: u, Kind: notify.ExtensionOffered, OrderID: id, Key: "ext:" + id,
			Params: notify.Params{Station: "Kesklinn", End: at, Until: at.Add(-20 * time.Hour), AmountCents: 1120,
				TimeZone: "Europe/Tallinn"}}
		for _, e := range []notify.Event{ext, ext, {UserID: u, Kind: notify.OrderDeleted, OrderID: id, Key: "del:" + id,
			Params: notify.Params{Station: "Kesklinn", Start: at, End: at.Add(time.Hour), TimeZone: "Europe/Tallinn"}},
			{UserID: u, Kind: notify.PaymentReturned, OrderID: id, Key: "ret:" + id,
				Params: notify.Params{Station: "Kesklinn", AmountCents: 210, TimeZone: "Europe/Tallinn"}}} {
			if err := p.svc.Publish(ctx, e); err != nil {
				t.Fatal(err)
			}
		}
		page := list(t, p, u)
		if len(page.Items) != 3 {
			t.Fatalf("%d notifications, want 3 (the repeated one once): %+v", len(page.Items), page.Items)
		}
		byKind := map[notify.Kind]notify.Notification{}
		for _, n := range page.Items {
			byKind[n.Kind] = n
			if n.OrderID != id {
				t.Errorf("%s is not on the order: %q", n.Kind, n.OrderID)
			}
		}
		if b := byKind[notify.ExtensionOffered].Body; !strings.Contains(b, "€11.20") || !strings.Contains(b, "Kesklinn") ||
			!strings.Contains(b, "12:00") {
			t.Errorf("the extension's text lacks its price, station or end: %q", b)
		}
		if byKind[notify.OrderDeleted].Title != "Your booking was deleted" {
			t.Errorf("delete: %+v", byKind[notify.OrderDeleted])
		}
		if b := byKind[notify.PaymentReturned].Body; !strings.Contains(b, "€2.10") {
			t.Errorf("the returned payment's text lacks its amount: %q", b)
		}
		eventually(t, "all e-mailed", func() bool {
			out.mu.Lock()
			defer out.mu.Unlock()
			return out.mail["Your booking was deleted"] == 1 && out.mail["An extension waits for your payment"] == 1 &&
				out.mail["A second payment was refunded"] == 1
		})
	})
}

// TestEveryKindIsStored: the database's kind check knows every kind the
// service has (migrations that rebuild the check keep all of them).
func TestEveryKindIsStored(t *testing.T) {
	t.Parallel()
	jobstest.Each(t, func(t *testing.T, db *store.DB) {
		p := start(t, db, newSent())
		u := user(t, db, "en", "tok-1")
		for _, k := range notify.Kinds {
			if err := p.svc.Publish(context.Background(), notify.Event{UserID: u, Kind: k, Key: "every:" + string(k),
				Params: notify.Params{Station: "Kesklinn", Locker: "A01", AmountCents: 100}}); err != nil {
				t.Errorf("%s: %v", k, err)
			}
		}
		if n := len(list(t, p, u).Items); n != len(notify.Kinds) {
			t.Errorf("%d notifications stored, want one of each of the %d kinds", n, len(notify.Kinds))
		}
	})
}
