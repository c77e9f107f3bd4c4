package api_test

import (
	"bytes"
	"context"
	"image/png"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/adapters/photostore"
	"lockers/internal/api"
	"lockers/internal/apperr"
	"lockers/internal/demo"
	"lockers/internal/identity"
	"lockers/internal/issue"
	"lockers/internal/issue/issuesql"
	"lockers/internal/issue/issuetest"
	"lockers/internal/rpc"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// issueAPI is the booking API plus issue.create and issue.list, photos on disk.
func issueAPI(t *testing.T, db *store.DB) (*bookingAPI, *issue.Service) {
	t.Helper()
	a := newBookingAPI(t, db)
	photos, err := photostore.NewDisk(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	svc := issue.NewService(issuesql.New(db), photos, func() time.Time { return apiNow })
	for _, p := range api.Hybrid(api.Deps{Now: func() time.Time { return apiNow }, Issues: svc}) {
		if strings.HasPrefix(p.Path, "issue.") {
			a.procs[p.Path] = p
		}
	}
	return a, svc
}

func userID(ctx context.Context) string {
	p, _ := identity.From(ctx)
	return p.UserID
}

func countRows(t *testing.T, db *store.DB, table string) int {
	t.Helper()
	var n int
	if err := db.QueryRowContext(context.Background(), `SELECT count(*) FROM `+table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// A user files reports, with a photo and an order locker of theirs, sees
// only their own with the operators' answers, and bad input changes nothing.
func TestIssueProcedures(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a, svc := issueAPI(t, db)
		for _, p := range []string{"issue.create", "issue.list"} {
			if a.procs[p].Access != rpc.User {
				t.Errorf("%s is not for signed-in users", p)
			}
		}
		ctx := context.Background()
		me, other := a.user(), a.user()
		var o api.OrderView
		a.must(me, "order.create", `{"stationUuid":"`+demo.Stations[0].ID+`","height":"small","type":"standard",`+
			`"temperature":"cool","start":"2026-06-06","end":"2026-06-06","idempotencyKey":"i1"}`, &o)
		lockerUUID := o.Lockers[0].UUID

		photo, err := svc.SavePhoto(ctx, userID(me), bytes.NewReader(issuetest.JPEG()))
		if err != nil {
			t.Fatal(err)
		}
		var r api.IssueView
		a.must(me, "issue.create", `{"category":"dirty","text":"  Crumbs everywhere  ","photoRef":"`+photo+
			`","orderLockerUuid":"`+lockerUUID+`"}`, &r)
		if r.UUID == "" || r.Category != "dirty" || r.Text != "Crumbs everywhere" || r.State != "open" || r.PhotoRef != photo ||
			r.OrderUUID != o.UUID || r.OrderLockerUUID != lockerUUID || r.StationName == "" || r.Label == "" ||
			r.CreatedAt != "2026-06-05T09:00:00Z" || len(r.Answers) != 0 {
			t.Fatalf("issue.create %+v", r)
		}
		var plain api.IssueView
		a.must(me, "issue.create", `{"category":"other","text":"The app is slow"}`, &plain)
		if plain.PhotoRef != "" || plain.OrderUUID != "" || plain.StationName != "" {
			t.Fatalf("a report without photo or locker %+v", plain)
		}

		// Bad input: the catalogue's codes, and nothing written.
		issues, photos := countRows(t, db, "locker_issues"), countRows(t, db, "issue_photos WHERE issue_id IS NULL")
		otherPhoto, err := svc.SavePhoto(ctx, userID(other), bytes.NewReader(issuetest.PNG()))
		if err != nil {
			t.Fatal(err)
		}
		for input, code := range map[string]apperr.Code{
			`{"text":"x"}`:                      apperr.MissingParams,
			`{"category":"broken","text":"x"}`:  apperr.BadInput,
			`{"category":"dirty"}`:              apperr.MissingParams,
			`{"category":"dirty","text":"   "}`: apperr.MissingParams,
			`{"category":"dirty","text":"` + strings.Repeat("ä", issue.MaxTextRunes+1) + `"}`: apperr.BadInput,
			`{"category":"dirty","text":"x","photoRef":"nope"}`:                               apperr.BadInput,
			`{"category":"dirty","text":"x","photoRef":"` + uuid.NewString() + `"}`:           apperr.BadInput,
			// Another user's photo, and one already on a report.
			`{"category":"dirty","text":"x","photoRef":"` + otherPhoto + `"}`:              apperr.BadInput,
			`{"category":"dirty","text":"x","photoRef":"` + photo + `"}`:                   apperr.BadInput,
			`{"category":"dirty","text":"x","orderLockerUuid":"` + uuid.NewString() + `"}`: apperr.OrderNotFound,
			`{"category":"dirty","text":"x","orderLockerUuid":"bad"}`:                      apperr.OrderNotFound,
		} {
			a.wantCode(me, "issue.create", input, code)
		}
		// Another user's order locker is not found either, and their photo stays theirs.
		a.wantCode(other, "issue.create", `{"category":"dirty","text":"x","orderLockerUuid":"`+lockerUUID+`"}`, apperr.OrderNotFound)
		if n := countRows(t, db, "locker_issues"); n != issues {
			t.Errorf("bad input wrote reports: %d, want %d", n, issues)
		}
		if n := countRows(t, db, "issue_photos WHERE issue_id IS NULL"); n != photos+1 {
			t.Errorf("bad input took photos: %d loose, want %d", n, photos+1)
		}

		// An operator answers; the author sees the answer and the state.
		if _, err := db.ExecContext(ctx, `INSERT INTO issue_notes (id, issue_id, from_state, to_state, note, created_at)
			VALUES ($1, $2, 'open', 'resolved', 'Cleaned, sorry!', $3)`, uuid.NewString(), r.UUID, apiNow.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if _, err := db.ExecContext(ctx, `UPDATE locker_issues SET state = 'resolved', resolved_at = $2 WHERE id = $1`,
			r.UUID, apiNow.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		var mine []api.IssueView
		a.must(me, "issue.list", ``, &mine)
		if len(mine) != 2 || mine[0].UUID < mine[1].UUID || mine[1].UUID != r.UUID || mine[1].State != "resolved" ||
			len(mine[1].Answers) != 1 || mine[1].Answers[0].Text != "Cleaned, sorry!" || mine[1].Answers[0].State != "resolved" ||
			mine[1].ResolvedAt == "" || mine[0].Answers == nil {
			t.Fatalf("issue.list %+v", mine)
		}
		// A system alarm on the same locker is not the user's report.
		if _, err := db.ExecContext(ctx, `INSERT INTO locker_issues (id, locker_id, kind, created_at, user_id)
			SELECT $1, locker_id, 'door_did_not_open', $2, $3 FROM order_lockers WHERE id = $4`,
			uuid.NewString(), apiNow, userID(me), lockerUUID); err != nil {
			t.Fatal(err)
		}
		var theirs []api.IssueView
		a.must(other, "issue.list", ``, &theirs)
		if len(theirs) != 0 {
			t.Fatalf("another user's list %+v", theirs)
		}
		a.must(me, "issue.list", ``, &mine)
		if len(mine) != 2 {
			t.Fatalf("a system alarm reached the user's list: %+v", mine)
		}
	})
}

// A photo is served to its owner and to operators; to anyone else it does not exist.
func TestIssuePhotoAccess(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		a, svc := issueAPI(t, db)
		ctx := context.Background()
		owner, other := userID(a.user()), userID(a.user())
		img := issuetest.PNG()
		ref, err := svc.SavePhoto(ctx, owner, bytes.NewReader(img))
		if err != nil {
			t.Fatal(err)
		}
		for name, p := range map[string]identity.Principal{
			"owner":   {UserID: owner},
			"manager": {UserID: other, Roles: []string{identity.RoleManager}},
			"admin":   {UserID: other, Roles: []string{identity.RoleAdmin}},
		} {
			ph, err := svc.Photo(ctx, p, ref)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			got, _ := io.ReadAll(ph.Body)
			_ = ph.Body.Close()
			if ph.ContentType != "image/png" || ph.Size != int64(len(got)) || !samePixels(t, got, img) {
				t.Errorf("%s: %s, %d bytes", name, ph.ContentType, len(got))
			}
		}
		for name, r := range map[string]string{"another user's": ref, "unknown": uuid.NewString(), "malformed": "../x"} {
			_, err := svc.Photo(ctx, identity.Principal{UserID: other}, r)
			if apperr.CodeOf(err) != apperr.BadInput {
				t.Errorf("%s photo: %v", name, err)
			}
		}
		// A refused upload stores nothing.
		before := countRows(t, db, "issue_photos")
		if _, err := svc.SavePhoto(ctx, owner, strings.NewReader("%PDF-1.4 not an image")); apperr.CodeOf(err) != apperr.BadInput {
			t.Errorf("a PDF: %v", err)
		}
		big := append(bytes.Clone(img), make([]byte, issue.MaxPhotoBytes)...)
		if _, err := svc.SavePhoto(ctx, owner, bytes.NewReader(big)); apperr.CodeOf(err) != apperr.BadInput {
			t.Errorf("over 5 MB: %v", err)
		}
		if n := countRows(t, db, "issue_photos"); n != before {
			t.Errorf("refused uploads were recorded: %d, want %d", n, before)
		}
	})
}

// samePixels reports whether two PNGs hold the same picture: a stored photo
// is re-encoded, so its bytes differ from the upload's.
func samePixels(t *testing.T, a, b []byte) bool {
	t.Helper()
	ia, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	ib, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if ia.Bounds() != ib.Bounds() {
		return false
	}
	for y := ia.Bounds().Min.Y; y < ia.Bounds().Max.Y; y++ {
		for x := ia.Bounds().Min.X; x < ia.Bounds().Max.X; x++ {
			r1, g1, b1, a1 := ia.At(x, y).RGBA()
			r2, g2, b2, a2 := ib.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				return false
			}
		}
	}
	return true
}
