package app

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	_ "image/jpeg"
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
	"lockers/internal/issue/issuesql"
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
	svc := issue.NewService(issuesql.New(db), disk, nil)
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

	img := issuetest.GPSJPEG(40, 30, 1) // a phone photo with its GPS position
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
			cfg, format, err := image.DecodeConfig(bytes.NewReader(got))
			if err != nil || format != "jpeg" || cfg.Width != 40 || cfg.Height != 30 {
				t.Errorf("%q: served %s %dx%d (%v), want the 40x30 JPEG", who, format, cfg.Width, cfg.Height, err)
			}
			if bytes.Contains(got, issuetest.Latitude) || bytes.Contains(got, []byte("Exif\x00")) ||
				bytes.Contains(got, []byte(issuetest.XMPMarker)) {
				t.Errorf("%q: the served photo still carries the uploader's position", who)
			}
			if rec.Header().Get("Content-Type") != "image/jpeg" ||
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

// The native app (another origin) may upload and read photos as it calls
// tRPC: its preflight is answered with the allow headers, its POST and GET
// carry them; an origin not configured gets neither, and the upload itself
// still needs the bearer token.
func TestIssuePhotoCORS(t *testing.T) {
	db := storetest.SQLite(t)
	owner := uuid.NewString()
	if _, err := db.ExecContext(context.Background(), `INSERT INTO users (id, email, created_at, updated_at)
		VALUES ($1, 'owner@example.com', $2, $2)`, owner, time.Now()); err != nil {
		t.Fatal(err)
	}
	auth := func(_ context.Context, bearer string) (identity.Principal, error) {
		if bearer != "token-owner" {
			return identity.Principal{}, account.ErrUnauthenticated
		}
		return identity.Principal{UserID: owner, SessionID: "s"}, nil
	}
	disk, err := photostore.NewDisk(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	srv := newServerWith(t, ServerOptions{Web: webFiles, CORSOrigins: []string{"capacitor://localhost", "https://localhost"},
		IssuePhotos: &issuePhotos{issues: issue.NewService(issuesql.New(db), disk, nil), authenticate: auth, log: slogDiscard()}})
	do := func(method, target, origin string, header ...string) *httptest.ResponseRecorder {
		t.Helper()
		var body io.Reader
		if method == http.MethodPost {
			body = bytes.NewReader(issuetest.JPEG())
		}
		req := httptest.NewRequest(method, target, body)
		req.Header.Set("Origin", origin)
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		return rec
	}

	for _, origin := range []string{"capacitor://localhost", "https://localhost"} {
		pre := do(http.MethodOptions, "/c-core/issues/photos", origin, "Access-Control-Request-Method", "POST",
			"Access-Control-Request-Headers", "authorization, content-type")
		h := pre.Header()
		if pre.Code != http.StatusNoContent || h.Get("Access-Control-Allow-Origin") != origin ||
			h.Get("Access-Control-Allow-Credentials") != "true" || !strings.Contains(h.Get("Access-Control-Allow-Methods"), "POST") ||
			!strings.Contains(h.Get("Access-Control-Allow-Headers"), "authorization") {
			t.Fatalf("%s preflight: %d %v", origin, pre.Code, h)
		}
		up := do(http.MethodPost, "/c-core/issues/photos", origin, "Authorization", "Bearer token-owner",
			"Content-Type", "image/jpeg")
		if up.Code != http.StatusCreated || up.Header().Get("Access-Control-Allow-Origin") != origin {
			t.Fatalf("%s upload: %d %v", origin, up.Code, up.Header())
		}
		var m map[string]string
		if err := json.Unmarshal(up.Body.Bytes(), &m); err != nil || m["photoRef"] == "" {
			t.Fatalf("%s upload: %s", origin, up.Body)
		}
		got := do(http.MethodGet, "/c-core/issues/photos/"+m["photoRef"], origin, "Authorization", "Bearer token-owner")
		if got.Code != http.StatusOK || got.Header().Get("Access-Control-Allow-Origin") != origin {
			t.Errorf("%s read: %d %v", origin, got.Code, got.Header())
		}
	}

	pre := do(http.MethodOptions, "/c-core/issues/photos", "https://evil.example", "Access-Control-Request-Method", "POST")
	if pre.Header().Get("Access-Control-Allow-Origin") != "" || pre.Header().Get("Access-Control-Allow-Methods") != "" {
		t.Errorf("a foreign origin's preflight was allowed: %v", pre.Header())
	}
	up := do(http.MethodPost, "/c-core/issues/photos", "https://evil.example", "Authorization", "Bearer token-owner")
	if up.Header().Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("a foreign origin's upload carries %v", up.Header())
	}
	if rec := do(http.MethodPost, "/c-core/issues/photos", "capacitor://localhost"); rec.Code != http.StatusUnauthorized ||
		rec.Header().Get("Access-Control-Allow-Origin") != "capacitor://localhost" {
		t.Errorf("an upload without a token: %d %v (want 401, readable by the app)", rec.Code, rec.Header())
	}
}
