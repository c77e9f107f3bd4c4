package app

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/account"
	"lockers/internal/account/accountsql"
	"lockers/internal/api"
	"lockers/internal/config"
	"lockers/internal/identity"
	"lockers/internal/invoice"
	"lockers/internal/invoice/invoicelink"
	"lockers/internal/invoice/invoicepdf"
	"lockers/internal/invoice/invoicesql"
	"lockers/internal/invoice/invoicetest"
	"lockers/internal/ratelimit"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// pdfEnv is a server with the invoice PDF route on a real database; bearer
// tokens are "token-" plus a user id.
type pdfEnv struct {
	t        *testing.T
	srv      *Server
	invoices *invoice.Service
	links    *invoicelink.Signer
	handler  *invoicePDF
	now      time.Time
}

func newPDFEnv(t *testing.T, db *store.DB) *pdfEnv {
	t.Helper()
	e := &pdfEnv{t: t, now: time.Date(2026, 6, 5, 9, 0, 0, 0, time.UTC)}
	renderer, err := invoicepdf.New(invoicetest.Seller)
	if err != nil {
		t.Fatal(err)
	}
	e.invoices, err = invoice.NewService(invoice.Deps{Store: invoicesql.New(db),
		Buyers: accountBuyers{users: accountsql.New(db).Users}, Renderer: renderer, Seller: invoicetest.Seller, Now: func() time.Time { return e.now }})
	if err != nil {
		t.Fatal(err)
	}
	e.links, err = invoicelink.New([]byte(strings.Repeat("k", 32)), func() time.Time { return e.now })
	if err != nil {
		t.Fatal(err)
	}
	auth := func(_ context.Context, bearer string) (identity.Principal, error) {
		id, ok := strings.CutPrefix(bearer, "token-")
		if !ok {
			return identity.Principal{}, account.ErrUnauthenticated
		}
		return identity.Principal{UserID: id, SessionID: "s"}, nil
	}
	e.handler = newInvoicePDF(e.invoices, e.links, auth, slogDiscard())
	e.srv = newServerWith(t, ServerOptions{Web: webFiles, InvoicePDF: e.handler})
	return e
}

// issue makes a user in lang with a paid invoice and returns both ids.
func (e *pdfEnv) issue(db *store.DB, lang, payment string) (string, invoice.Invoice) {
	e.t.Helper()
	u := invoicetest.User(e.t, db, "Tõnu", "Äär", lang)
	inv, err := e.invoices.Paid(context.Background(), invoicetest.Facts(u, invoicetest.Order(e.t, db, u), payment, e.now))
	if err != nil {
		e.t.Fatal(err)
	}
	return u, inv
}

func (e *pdfEnv) do(method, target string, header ...string) *httptest.ResponseRecorder {
	e.t.Helper()
	req := httptest.NewRequest(method, target, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	e.srv.ServeHTTP(rec, req)
	return rec
}

func TestInvoicePDFRoute(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newPDFEnv(t, db)
		owner, inv := e.issue(db, "et", "pay_1")
		stranger, _ := e.issue(db, "en", "pay_2")
		path := "/invoices/" + inv.ID + ".pdf"
		link := e.links.Link(inv.ID)
		bearer := func(user string) []string { return []string{"Authorization", "Bearer token-" + user} }
		notFound := `{"appCode":"INVOICE_NOT_FOUND"}`

		for _, tc := range []struct {
			name, method, target string
			header               []string
			status               int
			filename, body       string
		}{
			{"owner, stored language", "GET", path, bearer(owner), 200, "arve-2026-000001.pdf", ""},
			{"owner asks for English", "GET", path + "?lang=en", bearer(owner), 200, "invoice-2026-000001.pdf", ""},
			{"signed link", "GET", link, nil, 200, "arve-2026-000001.pdf", ""},
			{"signed link in English", "GET", link + "&lang=en", nil, 200, "invoice-2026-000001.pdf", ""},
			{"HEAD", "HEAD", path, bearer(owner), 200, "arve-2026-000001.pdf", ""},
			{"unknown language", "GET", path + "?lang=de", bearer(owner), 400, "", `{"appCode":"BAD_INPUT"}`},
			{"another user's invoice", "GET", path, bearer(stranger), 404, "", notFound},
			{"an unknown invoice", "GET", "/invoices/" + uuid.NewString() + ".pdf", bearer(owner), 404, "", notFound},
			{"not an id", "GET", "/invoices/x.pdf", bearer(owner), 404, "", notFound},
			{"no credentials", "GET", path, nil, 401, "", `{"appCode":"UNAUTHORIZED"}`},
			{"a dead token", "GET", path, []string{"Authorization", "Bearer nope"}, 401, "", `{"appCode":"UNAUTHORIZED"}`},
			{"a forged signature", "GET", forge(link, "sig", "AAAA"), nil, 401, "", `{"appCode":"UNAUTHORIZED"}`},
			{"a stretched expiry", "GET", forge(link, "exp", "99999999999"), nil, 401, "", `{"appCode":"UNAUTHORIZED"}`},
			{"another invoice's link", "GET", strings.Replace(e.links.Link(uuid.NewString()), "/invoices/", "/invoices/"+inv.ID+".pdf?x=", 1), nil, 401, "", ""},
		} {
			t.Run(tc.name, func(t *testing.T) {
				rec := e.do(tc.method, tc.target, tc.header...)
				if rec.Code != tc.status {
					t.Fatalf("status %d, want %d: %s", rec.Code, tc.status, rec.Body.String())
				}
				if tc.body != "" && strings.TrimSpace(rec.Body.String()) != tc.body {
					t.Errorf("body %q, want %q", rec.Body.String(), tc.body)
				}
				if got := rec.Header().Get("Content-Security-Policy"); !strings.Contains(got, "default-src 'none'") {
					t.Errorf("CSP %q, want the API's", got)
				}
				if tc.status != 200 {
					return
				}
				h := rec.Header()
				if h.Get("Content-Type") != "application/pdf" || h.Get("Cache-Control") != "private, no-store" ||
					h.Get("Content-Disposition") != `attachment; filename=`+tc.filename {
					t.Errorf("headers %v", h)
				}
				if tc.method == "GET" && !strings.HasPrefix(rec.Body.String(), "%PDF-") {
					t.Errorf("body starts %q", rec.Body.String()[:min(10, rec.Body.Len())])
				}
				if tc.method == "HEAD" && rec.Body.Len() != 0 {
					t.Errorf("HEAD answered %d bytes", rec.Body.Len())
				}
			})
		}

		e.now = e.now.Add(invoicelink.TTL)
		if rec := e.do("GET", link, nil...); rec.Code != http.StatusUnauthorized {
			t.Fatalf("an expired link: status %d, want 401", rec.Code)
		}
		if rec := e.do("GET", "/invoices/"+inv.ID); rec.Code != 200 || !strings.Contains(rec.Body.String(), "<html>") {
			t.Fatalf("a path without .pdf is the web app's: %d %q", rec.Code, rec.Body.String())
		}
	})
}

// forge replaces one query parameter of a link.
func forge(link, key, value string) string {
	u, _ := url.Parse(link)
	q := u.Query()
	q.Set(key, value)
	u.RawQuery = q.Encode()
	return u.String()
}

func TestSignedLinksAreRateLimitedPerInvoice(t *testing.T) {
	db := storetest.SQLite(t)
	e := newPDFEnv(t, db)
	_, inv := e.issue(db, "en", "pay_1")
	link := e.links.Link(inv.ID)
	// A stopped clock: printing under the race detector is slow enough to refill the bucket.
	limit := linkLimit
	limit.Now = func() time.Time { return e.now }
	e.handler.perLink = ratelimit.New(limit)
	codes := map[int]int{}
	for range linkLimit.Burst + 1 {
		codes[e.do("GET", link).Code]++
	}
	if codes[200] != linkLimit.Burst || codes[429] != 1 {
		t.Fatalf("statuses %v, want %d × 200 then 429", codes, linkLimit.Burst)
	}
}

// TestServicesServeInvoicePDFs goes through the wiring of newServices: the
// buyers adapter, the configured seller and the signed links invoice.get hands
// out (absolute, on PUBLIC_URL).
func TestServicesServeInvoicePDFs(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		cfg := newTestConfig()
		cfg.SellerName, cfg.SellerVATNumber = "Kapiteenus OÜ", "EE100200300"
		s, err := newServices(cfg, db, slogDiscard())
		if err != nil {
			t.Fatal(err)
		}
		srv := newServerWith(t, ServerOptions{Deps: s.deps, Web: webFiles, InvoicePDF: s.invoicePDF,
			Context: s.requestContext})
		user := invoicetest.User(t, db, "Jüri", "Õunapuu-Mölder", "et")
		inv, err := s.deps.Invoices.Paid(context.Background(),
			invoicetest.Facts(user, invoicetest.Order(t, db, user), "pay_1", time.Now()))
		if err != nil {
			t.Fatal(err)
		}
		ctx := identity.With(context.Background(), identity.Principal{UserID: user, SessionID: "s"})
		var view api.InvoiceView
		for _, p := range api.Hybrid(s.deps) {
			if p.Path == "invoice.get" {
				out, err := p.Call(ctx, []byte(`{"invoiceUuid":"`+inv.ID+`"}`))
				if err != nil {
					t.Fatal(err)
				}
				view = out.(api.InvoiceView)
			}
		}
		link, ok := strings.CutPrefix(view.PDFURL, cfg.PublicURL)
		if !ok || !strings.HasPrefix(link, "/invoices/"+inv.ID+".pdf?") {
			t.Fatalf("pdfUrl %q is not a link on %s", view.PDFURL, cfg.PublicURL)
		}
		rec := get(t, srv, link)
		if rec.Code != 200 {
			t.Fatalf("GET pdfUrl: %d %s", rec.Code, rec.Body.String())
		}
		text := invoicetest.PDFText(t, rec.Body.Bytes())
		for _, want := range []string{"Arve", inv.Number, "Kapiteenus OÜ", "KMKR nr EE100200300", "Jüri Õunapuu-Mölder",
			user, "@example.com", "Käibemaks 24%", "31,20 €"} { // the 48-character e-mail wraps before its @
			if !strings.Contains(text, want) {
				t.Errorf("the PDF lacks %q:\n%s", want, text)
			}
		}
	})
}

func slogDiscard() *slog.Logger { return slog.New(slog.DiscardHandler) }

// newTestConfig is the default configuration with an outside PUBLIC_URL.
func newTestConfig() config.Config {
	cfg := config.Default()
	cfg.PublicURL = "https://lockers.example"
	return cfg
}

func TestBuyersComeFromTheAccount(t *testing.T) {
	db := storetest.SQLite(t)
	ctx := context.Background()
	user := invoicetest.User(t, db, "Mari", "Maasikas", "et")
	b, err := accountBuyers{users: accountsql.New(db).Users}.Buyer(ctx, user)
	if err != nil || b != (invoice.Buyer{Name: "Mari Maasikas", Email: user + "@example.com", Language: "et"}) {
		t.Fatalf("Buyer = %+v, %v", b, err)
	}
	if err := accountsql.New(db).Users.EraseUser(ctx, user, "test", time.Now()); err != nil {
		t.Fatal(err)
	}
	if b, err := (accountBuyers{users: accountsql.New(db).Users}).Buyer(ctx, user); err != nil || b.Name != "" || b.Email != "" || !b.Deleted {
		t.Fatalf("a deleted account's buyer = %+v, %v; want no personal data", b, err)
	}
	if _, err := (accountBuyers{users: accountsql.New(db).Users}).Buyer(ctx, uuid.NewString()); err == nil {
		t.Fatal("an unknown user is a buyer")
	}
}
