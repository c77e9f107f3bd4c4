package app

import (
	"errors"
	"log/slog"
	"net/http"

	"lockers/internal/account"
	"lockers/internal/apperr"
	"lockers/internal/rpc"
)

// httpError answers an error of an endpoint outside tRPC through the rpc
// layer's one writer (rpc.WriteHTTPError: {"appCode", "field"} with the status
// the tRPC wire gives the code). A missing or dead session is UNAUTHORIZED, as
// the API answers it.
func httpError(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	if errors.Is(err, account.ErrUnauthenticated) {
		err = apperr.New(apperr.CodeUnauthorized, "")
	}
	rpc.WriteHTTPError(w, r, log, err)
}

// codeError is an answer that is only its catalogue code.
func codeError(c apperr.Code) error { return &apperr.Error{Code: c} }
