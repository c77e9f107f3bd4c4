package app

import (
	"context"
	"log/slog"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/identity"
	"lockers/internal/invoice"
	"lockers/internal/invoice/invoicelink"
	"lockers/internal/ratelimit"
)

// invoicePDF serves GET /invoices/{id}.pdf to the invoice's owner, who proves
// it with the bearer header or with the signed link invoice.get returned, and
// to an operator (MANAGER or ADMIN, bearer) for any invoice
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
		httpError(w, r, h.log, codeError(apperr.InvoiceNotFound))
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
			httpError(w, r, h.log, codeOnly(aerr))
			return
		}
		if p.IsAdmin() || p.Has(identity.RoleManager) {
			// Operators print any invoice or credit note from the order and
			// user pages (the back office's reads are MANAGER or ADMIN).
			pdf, err = h.invoices.LinkedPDF(ctx, id, lang)
		} else {
			pdf, err = h.invoices.PDF(ctx, p.UserID, id, lang)
		}
	case q.Has("sig"):
		if lerr := h.links.Check(id, q.Get("exp"), q.Get("sig")); lerr != nil {
			httpError(w, r, h.log, codeError(apperr.CodeUnauthorized))
			return
		}
		if !h.perLink.Allow(id) {
			httpError(w, r, h.log, codeError(apperr.RateLimitExceeded))
			return
		}
		pdf, err = h.invoices.LinkedPDF(ctx, id, lang)
	default:
		httpError(w, r, h.log, codeError(apperr.CodeUnauthorized))
		return
	}
	if err != nil {
		httpError(w, r, h.log, codeOnly(err))
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

// codeOnly keeps a catalogue error's code (and status) and drops its field and
// message: a PDF's error says its code only, nothing about the invoice.
func codeOnly(err error) error {
	if e, ok := apperr.As(err); ok {
		return &apperr.Error{Code: e.Code, TRPC: e.TRPC}
	}
	return err
}
