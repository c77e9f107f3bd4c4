package rpc

import (
	"encoding/json"
	"log/slog"
	"net/http"

	"lockers/internal/apperr"
)

// HTTPStatus is the HTTP status err travels with: its catalogue code's tRPC
// key through wireCodes, the table the tRPC envelope uses, so an endpoint
// outside tRPC answers a code with the same status a procedure would. An error
// outside the catalogue is 500.
func HTTPStatus(err error) int {
	if ae, ok := apperr.As(err); ok {
		_, w := wire(ae.TRPCCode())
		return w.status
	}
	return wireCodes[apperr.InternalServerError].status
}

// WriteHTTPError is the one error answer of the endpoints outside tRPC
// (invoice PDFs, issue photos, the statistics CSV, payment webhooks, panics):
// {"appCode": CODE} plus "field" when the error names one, the shape of a tRPC
// error's data, with HTTPStatus's status. An error outside the catalogue is
// logged with the request's path and answered 500 GENERAL_ERROR: its text never
// reaches the client. A 401 names the bearer scheme (WWW-Authenticate).
func WriteHTTPError(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	ae, ok := apperr.As(err)
	if !ok {
		if log != nil {
			log.ErrorContext(r.Context(), "request failed", "err", err, "path", r.URL.Path)
		}
		ae = &apperr.Error{Code: apperr.GeneralError}
	}
	status := HTTPStatus(ae)
	if status == http.StatusUnauthorized {
		w.Header().Set("WWW-Authenticate", `Bearer realm="lockers"`)
	}
	body := map[string]string{"appCode": string(ae.Code)}
	if ae.Field != "" {
		body["field"] = ae.Field
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(body)
}

// PayloadTooLarge is the error of a request body over an endpoint's limit, as
// the tRPC handler answers it: BAD_INPUT with status 413.
func PayloadTooLarge() *apperr.Error {
	return &apperr.Error{Code: apperr.BadInput, TRPC: payloadTooLarge, Message: "request body too large"}
}
