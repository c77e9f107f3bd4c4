package demopay

import (
	"context"
	_ "embed"
	"html/template"
	"net/http"
	"net/url"
	"time"

	"lockers/internal/payment"
)

// Paths of the hosted pages; the page token follows.
const (
	PathPrefix   = "/demo-pay/"
	pathSetup    = PathPrefix + "setup/"
	pathCheckout = PathPrefix + "checkout/"
	pathCSS      = PathPrefix + "demo.css"
)

var (
	//go:embed assets/page.html
	pageHTML string
	//go:embed assets/demo.css
	pageCSS  []byte
	pageTmpl = template.Must(template.New("page").Parse(pageHTML))
)

// view is what the page template shows.
type view struct {
	T                   texts
	Kind, Heading       string
	Description, Amount string
	Action, Cancel      string
	Body, Error         string
}

// Pages serves the hosted pages: GET shows one, POST is the user's choice,
// which becomes a signed notification to lockerd's webhook and then a
// redirect to the app's /callback/... page.
func (p *Provider) Pages() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+pathCSS, func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/css; charset=utf-8")
		w.Header().Set("Cache-Control", "public, max-age=3600")
		_, _ = w.Write(pageCSS)
	})
	mux.HandleFunc("GET "+pathSetup+"{token}", p.show(pageSetup))
	mux.HandleFunc("GET "+pathCheckout+"{token}", p.show(pageCheckout))
	mux.HandleFunc("POST "+pathSetup+"{token}", p.choose(pageSetup))
	mux.HandleFunc("POST "+pathCheckout+"{token}", p.choose(pageCheckout))
	return mux
}

// show renders a page, or says it was used already.
func (p *Provider) show(kind string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		pg, ok := p.pageOf(w, r, kind)
		if !ok {
			return
		}
		t := textsFor(pg.Lang, r)
		if out, done := p.outcome(pg.Ref); done {
			if out == payment.OutcomeExpired { // paid another way: this link takes no money
				p.render(w, r, http.StatusGone, pg, view{T: t, Heading: t.ExpiredTitle, Body: t.ExpiredBody, Cancel: pg.Cancel})
				return
			}
			p.render(w, r, http.StatusOK, pg, view{T: t, Heading: t.DoneTitle, Body: t.DoneBody, Cancel: pg.Success})
			return
		}
		p.render(w, r, http.StatusOK, pg, p.form(t, pg, r.URL.Path, ""))
	}
}

// choose acts on Pay, Save or Decline.
func (p *Provider) choose(kind string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		pg, ok := p.pageOf(w, r, kind)
		if !ok {
			return
		}
		t := textsFor(pg.Lang, r)
		if out, done := p.outcome(pg.Ref); done {
			http.Redirect(w, r, p.returnURL(pg, out), http.StatusSeeOther)
			return
		}
		n, out, ok := p.noticeFor(pg, r.PostFormValue("action"), r.PostFormValue("card"))
		if !ok {
			p.render(w, r, http.StatusBadRequest, pg, p.form(t, pg, r.URL.Path, ""))
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), 10*time.Second)
		defer cancel()
		if err := p.send(ctx, n); err != nil {
			p.render(w, r, http.StatusBadGateway, pg, p.form(t, pg, r.URL.Path, t.DeliveryFailed))
			return
		}
		p.decide(pg.Ref, out)
		http.Redirect(w, r, p.returnURL(pg, out), http.StatusSeeOther)
	}
}

// noticeFor turns the user's choice into the provider's notification.
func (p *Provider) noticeFor(pg page, action, card string) (notice, payment.Outcome, bool) {
	switch {
	case pg.Kind == pageCheckout && action == "pay":
		return notice{Type: "checkout.session.completed", PaymentID: pg.PaymentID, Ref: pg.Ref, Amount: pg.Amount,
			Currency: pg.Currency}, payment.OutcomePaid, true
	case pg.Kind == pageCheckout && action == "decline":
		return notice{Type: "checkout.session.declined", PaymentID: pg.PaymentID, Ref: pg.Ref, Amount: pg.Amount,
			Currency: pg.Currency, Failure: "declined on the payment page"}, payment.OutcomeDeclined, true
	case pg.Kind == pageSetup && action == "save" && (card == CardWorks || card == CardDeclines):
		c := &cardNotice{Ref: "demo_pm_" + card + "_" + randomHex(8), Customer: pg.Customer, Brand: "visa", Last4: "4242",
			ExpMonth: 12, ExpYear: time.Now().Year() + 3}
		if card == CardDeclines {
			c.Brand, c.Last4 = "mastercard", "0341"
		}
		return notice{Type: "setup_intent.succeeded", MethodID: pg.MethodID, Ref: c.Ref, Card: c}, payment.OutcomePaid, true
	case pg.Kind == pageSetup && action == "decline":
		return notice{Type: "setup_intent.setup_failed", MethodID: pg.MethodID, Ref: pg.Ref,
			Failure: "declined on the setup page"}, payment.OutcomeDeclined, true
	}
	return notice{}, "", false
}

// returnURL is the app's callback page for an outcome.
func (p *Provider) returnURL(pg page, out payment.Outcome) string {
	if out == payment.OutcomePaid {
		return pg.Success
	}
	return pg.Failure
}

// outcome is a page's decision, if it was made in this process.
func (p *Provider) outcome(ref string) (payment.Outcome, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	out, ok := p.decided[ref]
	return out, ok
}

// pageOf reads the page token of the URL; a bad one gets an error page.
func (p *Provider) pageOf(w http.ResponseWriter, r *http.Request, kind string) (page, bool) {
	pg, err := p.readToken(r.PathValue("token"))
	if err != nil || pg.Kind != kind {
		t := textsFor("", r)
		p.render(w, r, http.StatusNotFound, page{}, view{T: t, Heading: t.BadLink, Body: t.BadLinkBody})
		return page{}, false
	}
	return pg, true
}

// form is the page's main view.
func (p *Provider) form(t texts, pg page, action, problem string) view {
	v := view{T: t, Kind: pg.Kind, Action: action, Cancel: pg.Cancel, Error: problem, Heading: t.SetupTitle}
	if pg.Kind == pageCheckout {
		v.Heading, v.Description, v.Amount = t.CheckoutTitle, pg.Description, t.money(pg.Amount, pg.Currency)
	}
	return v
}

// render writes a page with a policy of its own: only its stylesheet loads,
// and its forms post here and return to the app (which may be another origin
// than the one the page was opened on).
func (p *Provider) render(w http.ResponseWriter, _ *http.Request, status int, pg page, v view) {
	formTo := "'self'"
	for _, u := range []string{p.publicURL, pg.Success, pg.Failure} {
		if o := origin(u); o != "" {
			formTo += " " + o
		}
	}
	h := w.Header()
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action "+formTo+
		"; frame-ancestors 'none'; base-uri 'none'")
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Referrer-Policy", "no-referrer")
	w.WriteHeader(status)
	_ = pageTmpl.Execute(w, v)
}

// origin is scheme://host of an absolute URL, "" for anything else.
func origin(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return ""
	}
	return u.Scheme + "://" + u.Host
}
