package app

import (
	"context"
	"log/slog"
	"net/http"

	"lockers/internal/account"
	"lockers/internal/apperr"
	"lockers/internal/identity"
)

// operatorFrom authenticates a plain-HTTP operator download (CSV exports) by
// its bearer token: a MANAGER or ADMIN, as the admin API. Otherwise it has
// written the error (UNAUTHORIZED; FORBIDDEN for a signed-in non-operator)
// and answers false.
func operatorFrom(w http.ResponseWriter, r *http.Request, log *slog.Logger,
	authenticate func(context.Context, string) (identity.Principal, error)) (identity.Principal, bool) {
	bearer := bearerToken(r.Header.Get("Authorization"))
	if bearer == "" {
		httpError(w, r, log, account.ErrUnauthenticated)
		return identity.Principal{}, false
	}
	p, err := authenticate(r.Context(), bearer)
	if err != nil {
		httpError(w, r, log, err)
		return identity.Principal{}, false
	}
	if !p.IsAdmin() && !p.Has(identity.RoleManager) {
		httpError(w, r, log, &apperr.Error{Code: apperr.CodeUnauthorized, TRPC: apperr.Forbidden})
		return identity.Principal{}, false
	}
	return p, true
}
