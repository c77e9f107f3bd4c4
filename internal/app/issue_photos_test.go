package app

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/account"
	"lockers/internal/adapters/photostore"
	"lockers/internal/identity"
	"lockers/internal/issue"
	"lockers/internal/issue/issuetest"
	"lockers/internal/store/storetest"
)

// The photo routes: an upload is checked by its bytes and answers a reference
// or {appCode, field}; a photo is served to its owner and operators only.
func TestIssuePhotoRoutes(t *testing.T) {
	db := storetest.SQLite(t)
	ctx := context.Background()
	users := map[string]string{}
	for _, name := range []string{"owner", "stranger", "operator"} {
		id := uuid.NewString()
		users[name] = id
		if _, err := db.ExecContext(ctx, `INSERT INTO users (id, email, created_at, updated_at) VALUES ($1, $2, $3, $3)`,
			id, name+"@example.com", time.Now()); err != nil {
			t.Fatal(err)
		}
	}
	auth := func(_ context.Context, bearer string) (identity.Principal, error) {
		name, ok := strings.CutPrefix(bearer, "token-")
		if !ok || users[name] == "" {
			return identity.Principal{}, account.ErrUnauthenticated
		}
		p := identity.Principal{UserID: users[name], SessionID: "s"}
		if name == "operator" {
			p.Roles = []string{identity.RoleManager}
		}
		return p, nil
	}
	disk, err := photostore.NewDisk(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	svc := issue.NewService(db, disk, nil)
	srv := newServerWith(t, ServerOptions{Web: webFiles, IssuePhotos: &issuePhotos{issues: svc, authenticate: auth, log: slogDiscard()}})
	do := func(method, target, who string, body []byte) *httptest.ResponseRecorder {
		t.Helper()
		req := httptest.NewRequest(method, target, bytes.NewReader(body))
		if who != "" {
			req.Header.Set("Authorization", "Bearer token-"+who)
		}
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		return rec
	}
	answer := func(rec *httptest.ResponseRecorder) map[string]string {
		t.Helper()
		var m map[string]string
		if err := json.Unmarshal(rec.Body.Bytes(), &m); err != nil {
			t.Fatalf("%d %q: %v", rec.Code, rec.Body.String(), err)
		}
		return m
	}

	img := issuetest.JPEG()
	up := do(http.MethodPost, "/c-core/issues/photos", "owner", img)
	ref := answer(up)["photoRef"]
	if up.Code != http.StatusCreated || ref == "" {
		t.Fatalf("upload: %d %s", up.Code, up.Body)
	}
	for who, want := range map[string]int{"owner": 200, "operator": 200, "stranger": 404, "": 401} {
		rec := do(http.MethodGet, "/c-core/issues/photos/"+ref, who, nil)
		if rec.Code != want {
			t.Errorf("%q: %d, want %d", who, rec.Code, want)
			continue
		}
		if want == 200 {
			got, _ := io.ReadAll(rec.Body)
			if !bytes.Equal(got, img) || rec.Header().Get("Content-Type") != "image/jpeg" ||
				rec.Header().Get("Cache-Control") != "private, no-store" {
				t.Errorf("%q: %d bytes, %v", who, len(got), rec.Header())
			}
		} else if want == 404 && answer(rec)["appCode"] != "BAD_INPUT" {
			t.Errorf("%q: %s", who, rec.Body)
		}
	}
	if rec := do(http.MethodGet, "/c-core/issues/photos/not-a-ref", "owner", nil); rec.Code != 404 {
		t.Errorf("a malformed ref: %d", rec.Code)
	}

	big := append(bytes.Clone(img), make([]byte, issue.MaxPhotoBytes)...)
	for name, body := range map[string][]byte{"text": []byte("plain text"), "empty": nil, "over 5 MB": big} {
		rec := do(http.MethodPost, "/c-core/issues/photos", "owner", body)
		if m := answer(rec); rec.Code != http.StatusBadRequest || m["appCode"] != "BAD_INPUT" || m["field"] != "photo" {
			t.Errorf("%s: %d %v", name, rec.Code, m)
		}
	}
	if rec := do(http.MethodPost, "/c-core/issues/photos", "", img); rec.Code != http.StatusUnauthorized {
		t.Errorf("anonymous upload: %d", rec.Code)
	}
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM issue_photos`).Scan(&n); err != nil || n != 1 {
		t.Errorf("photos recorded: %d (%v), want 1", n, err)
	}
}
