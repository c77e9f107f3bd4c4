package app

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/adapters/demopay"
	"lockers/internal/clock/clocktest"
	"lockers/internal/config"
	"lockers/internal/demo"
	"lockers/internal/order"
	"lockers/internal/payment"
	"lockers/internal/station"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

const demoSecret = "whsec_test_demo"

// payEnv is lockerd's HTTP surface with the demo provider on a database with
// the demo stations, reached through a real listener.
type payEnv struct {
	t        testing.TB
	ctx      context.Context
	db       *store.DB
	services *services
	base     string
	client   *http.Client // does not follow redirects: the test reads them
}

func newPayEnv(t testing.TB, db *store.DB) *payEnv {
	t.Helper()
	ctx := context.Background()
	if err := demo.Seed(ctx, db); err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewUnstartedServer(nil)
	cfg := config.Default()
	cfg.PublicURL = "http://" + ts.Listener.Addr().String()
	cfg.DemoWebhookSecret = demoSecret
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	svcs, err := newServices(cfg, db, log)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(svcs.payments.close)
	srv := newServerWith(t, ServerOptions{Deps: svcs.deps, Web: webFiles, Webhook: svcs.payments.webhook,
		WebhookProvider: "demo", DemoPages: svcs.payments.pages()})
	ts.Config.Handler = srv
	ts.Start()
	t.Cleanup(ts.Close)
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	return &payEnv{t: t, ctx: ctx, db: db, services: svcs, base: ts.URL, client: client}
}

func (e *payEnv) user() string {
	e.t.Helper()
	id := uuid.NewString()
	if _, err := e.db.ExecContext(e.ctx, `INSERT INTO users (id, email, verified_at, created_at, updated_at)
		VALUES ($1, $2, $3, $3, $3)`, id, id+"@example.com", time.Now().UTC()); err != nil {
		e.t.Fatal(err)
	}
	return id
}

// unpaid books one small neutral locker at Viru Keskus tomorrow and confirms it.
func (e *payEnv) unpaid(u string) order.Order {
	e.t.Helper()
	day := clocktest.Day(time.Now(), clocktest.Tallinn, 2)
	o, err := e.services.orders.Create(e.ctx, u, order.CreateInput{StationID: demo.Stations[0].ID,
		Product: station.Product{Height: "small", Type: "standard", Temperature: "neutral"}, Start: day, End: day})
	if err == nil {
		o, err = e.services.orders.Confirm(e.ctx, u, o.ID, true)
	}
	if err != nil || o.Status != order.Unpaid {
		e.t.Fatalf("unpaid order: %s, %v", o.Status, err)
	}
	return o
}

// open GETs a page of the server (a full URL made with PUBLIC_URL).
func (e *payEnv) open(rawURL string, header ...string) (*http.Response, string) {
	e.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, rawURL, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := e.client.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

// submit posts a page's form.
func (e *payEnv) submit(rawURL string, form url.Values) *http.Response {
	e.t.Helper()
	res, err := e.client.PostForm(rawURL, form)
	if err != nil {
		e.t.Fatal(err)
	}
	res.Body.Close()
	return res
}

// eventually polls the order until cond holds (the demo charge answers later).
func (e *payEnv) eventually(u, id string, cond func(order.Order) bool) order.Order {
	e.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		o, err := e.services.orders.Get(e.ctx, u, id)
		if err != nil {
			e.t.Fatal(err)
		}
		if cond(o) || time.Now().After(deadline) {
			return o
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestTheDemoCheckoutPageBooksThroughTheWebhook(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newPayEnv(t, db)
		u := e.user()
		o := e.unpaid(u)
		link, _, err := e.services.payments.service.Link(e.ctx, u, o.ID, "")
		if err != nil || !strings.HasPrefix(link, e.base+"/demo-pay/checkout/") {
			t.Fatalf("link %q, %v", link, err)
		}
		res, body := e.open(link, "Accept-Language", "et-EE,et;q=0.9,en;q=0.5")
		csp := res.Header.Get("Content-Security-Policy")
		if res.StatusCode != http.StatusOK || !strings.Contains(body, "Demomakseteenus — päris raha ei võeta.") ||
			!strings.Contains(body, "5,00 €") || !strings.Contains(body, ">Maksa<") || !strings.Contains(csp, "form-action 'self'") ||
			strings.Contains(csp, "script-src") {
			t.Fatalf("page %d, CSP %q:\n%s", res.StatusCode, csp, body)
		}
		if _, en := e.open(link + "?lang=en"); !strings.Contains(en, "Demo payment provider — no real money is charged.") || !strings.Contains(en, "€5.00") {
			t.Fatalf("English page:\n%s", en)
		}
		if css, _ := e.open(e.base + "/demo-pay/demo.css"); css.StatusCode != http.StatusOK || !strings.HasPrefix(css.Header.Get("Content-Type"), "text/css") {
			t.Fatalf("stylesheet: %d %s", css.StatusCode, css.Header.Get("Content-Type"))
		}
		// The return page alone books nothing; the notification does.
		if got := e.eventually(u, o.ID, func(order.Order) bool { return true }); got.Status != order.Unpaid {
			t.Fatalf("before paying: %s", got.Status)
		}
		res = e.submit(link, url.Values{"action": {"pay"}})
		want := "/callback/order-payment/success?orderUuid=" + o.ID
		if res.StatusCode != http.StatusSeeOther || !strings.HasSuffix(res.Header.Get("Location"), want) {
			t.Fatalf("after Pay: %d to %q", res.StatusCode, res.Header.Get("Location"))
		}
		if got := e.eventually(u, o.ID, func(o order.Order) bool { return o.Status == order.Booked }); got.Status != order.Booked || got.PaidCents != 500 {
			t.Fatalf("after Pay: %s, paid %d", got.Status, got.PaidCents)
		}
		// The page is used up: it says so, and a second Pay sends nothing.
		if _, again := e.open(link + "?lang=en"); !strings.Contains(again, "Already done") {
			t.Fatalf("used page:\n%s", again)
		}
		if res := e.submit(link, url.Values{"action": {"pay"}}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("second Pay: %d", res.StatusCode)
		}
		if bad, _ := e.open(e.base + "/demo-pay/checkout/forged.token"); bad.StatusCode != http.StatusNotFound {
			t.Fatalf("forged page token: %d", bad.StatusCode)
		}
	})
}

// A decline on the demo page keeps the order waiting for payment (issue 26).
func TestTheDemoDeclineKeepsTheOrderWaitingForPayment(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newPayEnv(t, db)
		u := e.user()
		o := e.unpaid(u)
		link, _, err := e.services.payments.service.Link(e.ctx, u, o.ID, "en")
		if err != nil {
			t.Fatal(err)
		}
		res := e.submit(link, url.Values{"action": {"decline"}})
		if !strings.Contains(res.Header.Get("Location"), "/callback/order-payment/failure?orderUuid=") {
			t.Fatalf("after Decline: %q", res.Header.Get("Location"))
		}
		declined := func(o order.Order) bool { return o.PaymentState == order.PaymentFailed }
		if got := e.eventually(u, o.ID, declined); !declined(got) || got.Status != order.Unpaid {
			t.Fatalf("after Decline: %s, payment %s", got.Status, got.PaymentState)
		}
	})
}

func TestADemoCardIsSavedOnItsPageAndChargedProcessingThenPaid(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newPayEnv(t, db)
		pays := e.services.payments.service
		u := e.user()
		save := func(card string) payment.Method {
			t.Helper()
			m, link, err := pays.AddMethod(e.ctx, u, "", "en")
			if err != nil {
				t.Fatal(err)
			}
			if _, body := e.open(link); !strings.Contains(body, "Visa •••• 4242") || !strings.Contains(body, "Save card") {
				t.Fatalf("setup page:\n%s", body)
			}
			res := e.submit(link, url.Values{"action": {"save"}, "card": {card}})
			if !strings.Contains(res.Header.Get("Location"), "/callback/method/success?paymentMethodUuid="+m.ID) {
				t.Fatalf("after Save: %q", res.Header.Get("Location"))
			}
			// The notification is applied right after the page answers.
			for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
				m, err = pays.Method(e.ctx, u, m.ID)
				if err == nil && m.Usable() || time.Now().After(deadline) {
					break
				}
			}
			if err != nil || !m.Usable() {
				t.Fatalf("card %+v, %v", m, err)
			}
			return m
		}
		works := save(demopay.CardWorks)
		declines := save(demopay.CardDeclines)
		if !works.Default || declines.Default || declines.Last4 != "0341" || declines.Brand != "mastercard" {
			t.Fatalf("cards %+v / %+v", works, declines)
		}

		o := e.unpaid(u)
		got, err := pays.Pay(e.ctx, u, o.ID, "")
		if err != nil || got.Status != order.Processing {
			t.Fatalf("pay: %s, %v", got.Status, err)
		}
		if got = e.eventually(u, o.ID, func(o order.Order) bool { return o.Status == order.Booked }); got.Status != order.Booked {
			t.Fatalf("the demo charge did not end paid: %s", got.Status)
		}

		o2 := e.unpaid(u)
		if _, err := pays.Pay(e.ctx, u, o2.ID, declines.ID); err != nil {
			t.Fatal(err)
		}
		declined := func(o order.Order) bool { return o.PaymentState == order.PaymentFailed }
		if got = e.eventually(u, o2.ID, declined); !declined(got) || got.Status != order.Unpaid {
			t.Fatalf("the declining card's charge: %s, payment %s", got.Status, got.PaymentState)
		}
	})
}

// signed is a demo notification signed at t with secret.
func signed(t testing.TB, n map[string]any, secret string, at time.Time) ([]byte, string) {
	t.Helper()
	b, err := json.Marshal(n)
	if err != nil {
		t.Fatal(err)
	}
	return b, demopay.Sign(b, secret, at)
}

func TestTheWebhookRefusesForgedAndStaleNotificationsAndAnswersReplays(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newPayEnv(t, db)
		u := e.user()
		o := e.unpaid(u)
		if _, _, err := e.services.payments.service.Link(e.ctx, u, o.ID, ""); err != nil {
			t.Fatal(err)
		}
		var paymentID string
		if err := db.QueryRowContext(e.ctx, `SELECT id FROM payments WHERE order_id = $1`, o.ID).Scan(&paymentID); err != nil {
			t.Fatal(err)
		}
		n := map[string]any{"id": "evt_1", "type": "checkout.session.completed", "paymentId": paymentID,
			"ref": "demo_cs_" + paymentID, "amount": 500, "currency": "EUR"}
		post := func(body []byte, sig string) int {
			t.Helper()
			req, _ := http.NewRequest(http.MethodPost, e.base+"/webhooks/demo", strings.NewReader(string(body)))
			if sig != "" {
				req.Header.Set(demopay.SignatureHeader, sig)
			}
			res, err := e.client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.Header.Get("Content-Security-Policy") != apiCSP {
				t.Errorf("webhook answer without the API headers: %q", res.Header.Get("Content-Security-Policy"))
			}
			return res.StatusCode
		}
		unchanged := func(when string) {
			t.Helper()
			if got, _ := e.services.orders.Get(e.ctx, u, o.ID); got.Status != order.Unpaid {
				t.Fatalf("%s changed the order: %s", when, got.Status)
			}
		}
		type delivery struct {
			body []byte
			sig  string
		}
		forged, forgedSig := signed(t, n, "whsec_someone_else", time.Now())
		stale, staleSig := signed(t, n, demoSecret, time.Now().Add(-demopay.Tolerance-time.Minute))
		_, goodSig := signed(t, n, demoSecret, time.Now())
		tampered := []byte(strings.Replace(string(forged), `"amount":500`, `"amount":5`, 1))
		for name, d := range map[string]delivery{
			"forged":   {forged, forgedSig},
			"unsigned": {forged, ""},
			"stale":    {stale, staleSig},
			"tampered": {tampered, goodSig},
			"not json": {[]byte("nope"), demopay.Sign([]byte("nope"), demoSecret, time.Now())},
		} {
			if code := post(d.body, d.sig); code != http.StatusBadRequest {
				t.Errorf("%s notification: %d, want 400", name, code)
			}
			unchanged(name)
		}
		good, sig := signed(t, n, demoSecret, time.Now())
		for i := range 3 {
			if code := post(good, sig); code != http.StatusOK {
				t.Fatalf("delivery %d: %d", i+1, code)
			}
		}
		// Acknowledged once recorded; the inbox applies it right after, once.
		got := e.eventually(u, o.ID, func(o order.Order) bool { return o.Status == order.Booked })
		if got.Status != order.Booked || got.PaidCents != 500 {
			t.Fatalf("after the verified notification: %s, paid %d", got.Status, got.PaidCents)
		}
		var recorded, applied int
		if err := db.QueryRowContext(e.ctx, `SELECT count(*), count(applied_at) FROM webhook_events`).Scan(&recorded, &applied); err != nil {
			t.Fatal(err)
		}
		if recorded != 1 || applied != 1 {
			t.Fatalf("three deliveries of one notification: %d recorded, %d applied; want 1 and 1", recorded, applied)
		}
		res, err := e.client.Post(e.base+"/webhooks/stripe", "application/json", strings.NewReader(string(good)))
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode/100 == 2 {
			t.Fatalf("the other provider's webhook answers %d", res.StatusCode)
		}
	})
}
