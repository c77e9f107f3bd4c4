package app

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"

	"lockers/internal/account"
	"lockers/internal/apperr"
	"lockers/internal/identity"
	"lockers/internal/issue"
)

// issuePhotos serves the photos of issue reports, outside tRPC because they
// are binary (docs/decisions/055-issue-reports-and-photos.md):
//
//	POST /c-core/issues/photos        the body is the photo itself (≤ 5 MB, JPEG
//	                                  or PNG by content); answers {"photoRef"}
//	GET  /c-core/issues/photos/{ref}  the photo, to its owner and to operators
//
// Both take the bearer token as the API does. Errors answer {"appCode",
// "field"} like a tRPC error's data.
type issuePhotos struct {
	issues       *issue.Service
	authenticate func(context.Context, string) (identity.Principal, error)
	budget       budgetLimiter // uploads per user (writeBudgets); the zero value admits all
	log          *slog.Logger
}

func (h *issuePhotos) caller(w http.ResponseWriter, r *http.Request) (identity.Principal, bool) {
	bearer := bearerToken(r.Header.Get("Authorization"))
	if bearer == "" {
		h.fail(w, r, account.ErrUnauthenticated)
		return identity.Principal{}, false
	}
	p, err := h.authenticate(r.Context(), bearer)
	if err != nil {
		h.fail(w, r, err)
		return identity.Principal{}, false
	}
	return p, true
}

func (h *issuePhotos) upload(w http.ResponseWriter, r *http.Request) {
	p, ok := h.caller(w, r)
	if !ok {
		return
	}
	if !h.budget.lim.Allow(p.UserID) {
		h.fail(w, r, apperr.New(apperr.CodeTooManyRequest, "%s", h.budget.message()))
		return
	}
	// ReadPhoto stops one byte over the cap (that byte tells "too big"); the
	// server never reads further, and closes a connection with more to send.
	r.Body = http.MaxBytesReader(w, r.Body, issue.MaxPhotoBytes+1)
	ref, err := h.issues.SavePhoto(r.Context(), p.UserID, r.Body)
	if tooBig := (*http.MaxBytesError)(nil); errors.As(err, &tooBig) {
		err = issue.ErrPhotoTooBig
	}
	if err != nil {
		h.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, map[string]string{"photoRef": ref})
}

func (h *issuePhotos) serve(w http.ResponseWriter, r *http.Request) {
	p, ok := h.caller(w, r)
	if !ok {
		return
	}
	photo, err := h.issues.Photo(r.Context(), p, r.PathValue("ref"))
	if err != nil {
		h.fail(w, r, err)
		return
	}
	defer photo.Body.Close()
	hd := w.Header()
	hd.Set("Content-Type", photo.ContentType)
	hd.Set("Content-Length", strconv.FormatInt(photo.Size, 10))
	// A user's photo: no shared or stored copies, and never run as anything else.
	hd.Set("Cache-Control", "private, no-store")
	hd.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	hd.Set("X-Content-Type-Options", "nosniff")
	if _, err := io.Copy(w, photo.Body); err != nil {
		h.log.WarnContext(r.Context(), "issue photo: sending failed", "err", err)
	}
}

// fail answers through the one error writer (httpError). Reading a photo
// answers every catalogue code but the rate limit with 404: not the caller's
// and not there look the same, so refs cannot be probed.
func (h *issuePhotos) fail(w http.ResponseWriter, r *http.Request, err error) {
	if e, ok := apperr.As(err); ok && r.Method == http.MethodGet && e.Code != apperr.RateLimitExceeded {
		err = &apperr.Error{Code: e.Code, Field: e.Field, TRPC: apperr.NotFound}
	}
	httpError(w, r, h.log, err)
}
