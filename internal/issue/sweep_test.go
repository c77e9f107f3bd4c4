package issue_test

import (
	"bytes"
	"context"
	"errors"
	"testing"
	"time"

	"lockers/internal/adapters/photostore"
	"lockers/internal/invoice/invoicetest"
	"lockers/internal/issue"
	"lockers/internal/issue/issuesql"
	"lockers/internal/issue/issuetest"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// flaky is the disk store whose deletes fail while failing is set.
type flaky struct {
	*photostore.Disk
	failing bool
}

func (f *flaky) Delete(ctx context.Context, key string) error {
	if f.failing {
		return errors.New("store unavailable")
	}
	return f.Disk.Delete(ctx, key)
}

// TestSweepPhotos: the sweep deletes, file and row, the photos no report took
// within LooseFor and a deleted account's photos (on a report or not); it keeps
// a report's photo and a loose one younger than LooseFor; a file it cannot delete
// keeps its row, so the next run deletes both.
func TestSweepPhotos(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		disk, err := photostore.NewDisk(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		photos := &flaky{Disk: disk}
		now := time.Now().UTC().Add(-48 * time.Hour)
		svc := issue.NewService(issuesql.New(db), photos, func() time.Time { return now })
		alice := invoicetest.User(t, db, "Alice", "Live", "en")
		bob := invoicetest.User(t, db, "Bob", "Gone", "et")
		upload := func(user string) string {
			t.Helper()
			ref, err := svc.SavePhoto(ctx, user, bytes.NewReader(issuetest.JPEG()))
			if err != nil {
				t.Fatal(err)
			}
			return ref
		}
		report := func(user, ref string) {
			t.Helper()
			if _, err := svc.Create(ctx, user, issue.NewReport{Category: "dirty", Text: "Sticky shelf.", PhotoRef: ref}); err != nil {
				t.Fatal(err)
			}
		}
		loose, onReport := upload(alice), upload(alice)
		report(alice, onReport)
		bobsOnReport := upload(bob)
		report(bob, bobsOnReport)
		now = now.Add(47*time.Hour + 40*time.Minute)
		young, bobsYoung := upload(alice), upload(bob)
		if _, err := db.ExecContext(ctx, `UPDATE users SET email = NULL, deleted_at = $2 WHERE id = $1`, bob, now); err != nil {
			t.Fatal(err)
		}
		now = now.Add(20 * time.Minute) // loose is 48 h old, young 20 min

		n, err := svc.SweepPhotos(ctx)
		if err != nil || n != 3 {
			t.Fatalf("swept %d (%v), want 3", n, err)
		}
		for ref, kept := range map[string]bool{loose: false, bobsOnReport: false, bobsYoung: false, onReport: true, young: true} {
			var rows int
			if err := db.QueryRowContext(ctx, `SELECT count(*) FROM issue_photos WHERE id = $1`, ref).Scan(&rows); err != nil {
				t.Fatal(err)
			}
			f, err := photos.Open(ctx, ref)
			if err == nil {
				_ = f.Close()
			}
			if (rows == 1) != kept || (err == nil) != kept {
				t.Errorf("photo %s: %d rows, file opens: %v; want kept %v", ref, rows, err == nil, kept)
			}
		}
		if n, err := svc.SweepPhotos(ctx); n != 0 || err != nil {
			t.Errorf("a second sweep deleted %d (%v)", n, err)
		}

		now = now.Add(issue.LooseFor) // young is loose for longer than LooseFor now
		photos.failing = true
		if n, err := svc.SweepPhotos(ctx); n != 0 || err == nil {
			t.Fatalf("with the store failing: %d swept, %v", n, err)
		}
		var rows int
		if err := db.QueryRowContext(ctx, `SELECT count(*) FROM issue_photos WHERE id = $1`, young).Scan(&rows); err != nil || rows != 1 {
			t.Fatalf("the row of a photo whose file stayed: %d (%v)", rows, err)
		}
		photos.failing = false
		if n, err := svc.SweepPhotos(ctx); n != 1 || err != nil {
			t.Fatalf("after the store came back: %d swept, %v", n, err)
		}
		if f, err := photos.Open(ctx, young); err == nil {
			_ = f.Close()
			t.Error("the photo's file is still there")
		}
	})
}
