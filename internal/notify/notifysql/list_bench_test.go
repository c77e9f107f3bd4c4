package notifysql_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/invoice/invoicetest"
	"lockers/internal/notify"
	"lockers/internal/notify/notifysql"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// BenchmarkList10k times notification.list's work (a page of 20 and the unread
// count) for a user with 10,000 notifications, half of them unread, among
// 100,000 of other users; it reports the p99 of the calls (target ≤ 10 ms).
// docs/benchmarks.md.
func BenchmarkList10k(b *testing.B) {
	for _, engine := range []string{"sqlite", "postgres"} {
		b.Run(engine, func(b *testing.B) {
			db := storetest.SQLite(b)
			if engine == "postgres" {
				db = storetest.Postgres(b)
			}
			listBench(b, db)
		})
	}
}

func listBench(b *testing.B, db *store.DB) {
	{
		ctx := context.Background()
		me := invoicetest.User(b, db, "Mari", "Maasikas", "et")
		fill(b, db, me, 10_000)
		for range 10 {
			fill(b, db, invoicetest.User(b, db, "Other", "User", "en"), 10_000)
		}
		svc, err := notify.NewService(notify.Deps{Store: notifysql.New(db), Push: newSent(), Mail: newSent(), SMS: newSent()})
		if err != nil {
			b.Fatal(err)
		}
		page, err := svc.List(ctx, me, notify.Cursor{}, 20)
		if err != nil || len(page.Items) != 20 || page.Unread != 5000 || page.Next == nil {
			b.Fatalf("list: %d items, %d unread, %v", len(page.Items), page.Unread, err)
		}
		took := make([]time.Duration, 0, b.N)
		b.ResetTimer()
		for i := range b.N {
			after := notify.Cursor{}
			if i%4 == 3 {
				after = *page.Next // every fourth call is a second page
			}
			t0 := time.Now()
			if _, err := svc.List(ctx, me, after, 20); err != nil {
				b.Fatal(err)
			}
			took = append(took, time.Since(t0))
		}
		b.StopTimer()
		slices.Sort(took)
		b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1000, "p99-ms")
		b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
	}
}

// fill gives the user n notifications a second apart, every other one read.
func fill(b *testing.B, db *store.DB, userID string, n int) {
	b.Helper()
	ctx := context.Background()
	start := time.Now().UTC().Add(-time.Duration(n) * time.Second)
	for i := 0; i < n; i += 500 {
		var rows []string
		var args []any
		for j := i; j < min(i+500, n); j++ {
			at := start.Add(time.Duration(j) * time.Second)
			var read any
			if j%2 == 0 {
				read = at
			}
			args = append(args, uuid.NewString(), userID, at, read)
			k := len(args)
			rows = append(rows, fmt.Sprintf(`($%d, $%d, 'ends_soon', 'Sinu rent lõpeb tunni aja pärast',
				'Palun võta oma asjad ära.', $%d, $%d)`, k-3, k-2, k-1, k))
		}
		if _, err := db.ExecContext(ctx, `INSERT INTO notifications (id, user_id, kind, title, body, created_at, read_at)
			VALUES `+strings.Join(rows, ", "), args...); err != nil {
			b.Fatal(err)
		}
	}
}
