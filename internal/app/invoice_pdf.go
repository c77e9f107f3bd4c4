package app

import (
	"context"
	"errors"
	"log/slog"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"time"

	"lockers/internal/account"
	"lockers/internal/apperr"
	"lockers/internal/identity"
	"lockers/internal/invoice"
	"lockers/internal/invoice/invoicelink"
	"lockers/internal/ratelimit"
)

// invoicePDF serves GET /invoices/{id}.pdf to the invoice's owner, who proves
// it with the bearer header or with the signed link invoice.get returned
// (?exp=&sig=). ?lang=en|et overrides the account's language. Another user's
// invoice and an unknown one are the same 404; a missing, expired or forged
// proof is 401 before the database is asked anything.
type invoicePDF struct {
	invoices *invoice.Service
	links    *invoicelink.Signer
	// authenticate resolves a bearer token (account.Service.Authenticate,
	// which also applies the per-token rate limit).
	authenticate func(ctx context.Context, bearer string) (identity.Principal, error)
	// perLink limits downloads through one invoice's links, which carry no
	// token to limit: printing costs CPU.
	perLink *ratelimit.Keyed
	log     *slog.Logger
}

// linkLimit: a person opens a PDF a few times, a loop hundreds.
var linkLimit = ratelimit.Config{Every: 2 * time.Second, Burst: 10}

func newInvoicePDF(invoices *invoice.Service, links *invoicelink.Signer,
	authenticate func(context.Context, string) (identity.Principal, error), log *slog.Logger) *invoicePDF {
	return &invoicePDF{invoices: invoices, links: links, authenticate: authenticate,
		perLink: ratelimit.New(linkLimit), log: log}
}

func (h *invoicePDF) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	id, ok := strings.CutSuffix(r.PathValue("file"), ".pdf")
	if !ok || !invoice.ValidID(id) {
		pdfError(w, http.StatusNotFound, apperr.InvoiceNotFound)
		return
	}
	q := r.URL.Query()
	lang := q.Get("lang")
	var (
		pdf invoice.PDF
		err error
	)
	switch bearer := bearerToken(r.Header.Get("Authorization")); {
	case bearer != "":
		p, aerr := h.authenticate(ctx, bearer)
		if aerr != nil {
			h.fail(w, r, aerr)
			return
		}
		pdf, err = h.invoices.PDF(ctx, p.UserID, id, lang)
	case q.Has("sig"):
		if lerr := h.links.Check(id, q.Get("exp"), q.Get("sig")); lerr != nil {
			w.Header().Set("WWW-Authenticate", `Bearer realm="lockers"`)
			pdfError(w, http.StatusUnauthorized, apperr.CodeUnauthorized)
			return
		}
		if !h.perLink.Allow(id) {
			pdfError(w, http.StatusTooManyRequests, apperr.RateLimitExceeded)
			return
		}
		pdf, err = h.invoices.LinkedPDF(ctx, id, lang)
	default:
		w.Header().Set("WWW-Authenticate", `Bearer realm="lockers"`)
		pdfError(w, http.StatusUnauthorized, apperr.CodeUnauthorized)
		return
	}
	if err != nil {
		h.fail(w, r, err)
		return
	}
	hd := w.Header()
	hd.Set("Content-Type", "application/pdf")
	hd.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": pdf.Filename}))
	hd.Set("Content-Length", strconv.Itoa(len(pdf.Bytes)))
	// The PDF holds personal data and its state can change (paid → settled):
	// no shared or stored copies.
	hd.Set("Cache-Control", "private, no-store")
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(pdf.Bytes)
	}
}

// fail answers an error of authentication or of the service with its status;
// anything that is not a catalogue error is logged and answered 500.
func (h *invoicePDF) fail(w http.ResponseWriter, r *http.Request, err error) {
	if errors.Is(err, account.ErrUnauthenticated) {
		w.Header().Set("WWW-Authenticate", `Bearer realm="lockers"`)
		pdfError(w, http.StatusUnauthorized, apperr.CodeUnauthorized)
		return
	}
	switch code := apperr.CodeOf(err); code {
	case apperr.InvoiceNotFound:
		pdfError(w, http.StatusNotFound, code)
	case apperr.BadInput:
		pdfError(w, http.StatusBadRequest, code)
	case apperr.RateLimitExceeded:
		pdfError(w, http.StatusTooManyRequests, code)
	default:
		h.log.ErrorContext(r.Context(), "invoice PDF failed", "err", err, "path", r.URL.Path)
		pdfError(w, http.StatusInternalServerError, apperr.GeneralError)
	}
}

// pdfError answers with the catalogue code only, the way the API names errors
// (data.appCode); no detail about the invoice leaks.
func pdfError(w http.ResponseWriter, status int, code apperr.Code) {
	writeJSON(w, status, map[string]string{"appCode": string(code)})
}
