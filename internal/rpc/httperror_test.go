package rpc

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"lockers/internal/apperr"
)

func writeHTTPError(t *testing.T, err error, log *slog.Logger) (*httptest.ResponseRecorder, map[string]string) {
	t.Helper()
	rec := httptest.NewRecorder()
	WriteHTTPError(rec, httptest.NewRequest(http.MethodGet, "/invoices/x.pdf", nil), log, err)
	var body map[string]string
	if jerr := json.Unmarshal(rec.Body.Bytes(), &body); jerr != nil {
		t.Fatalf("body %q: %v", rec.Body.String(), jerr)
	}
	return rec, body
}

// Every catalogue code answers outside tRPC with the status the tRPC envelope
// gives it, so the two cannot drift apart.
func TestHTTPErrorsUseTheWireStatusOfEveryCatalogueCode(t *testing.T) {
	for _, e := range apperr.Catalogue {
		rec, body := writeHTTPError(t, apperr.New(e.Code, "detail %d", 1), nil)
		if want := wireCodes[e.TRPC].status; rec.Code != want || want == 0 {
			t.Errorf("%s: status %d, want %d (%s)", e.Code, rec.Code, want, e.TRPC)
		}
		if body["appCode"] != string(e.Code) || len(body) != 1 {
			t.Errorf("%s: body %v", e.Code, body)
		}
	}
}

func TestHTTPErrorKeepsFieldAndOverride(t *testing.T) {
	rec, body := writeHTTPError(t, &apperr.Error{Code: apperr.CodeUnauthorized, TRPC: apperr.Forbidden}, nil)
	if rec.Code != http.StatusForbidden || body["appCode"] != "UNAUTHORIZED" || rec.Header().Get("WWW-Authenticate") != "" {
		t.Errorf("forbidden: %d %v %q", rec.Code, body, rec.Header().Get("WWW-Authenticate"))
	}
	rec, body = writeHTTPError(t, apperr.Field(apperr.BadInput, "photo", "too big"), nil)
	if rec.Code != http.StatusBadRequest || body["field"] != "photo" {
		t.Errorf("field: %d %v", rec.Code, body)
	}
	rec, _ = writeHTTPError(t, apperr.New(apperr.CodeUnauthorized, ""), nil)
	if rec.Code != http.StatusUnauthorized || !strings.HasPrefix(rec.Header().Get("WWW-Authenticate"), "Bearer") {
		t.Errorf("401: %d, WWW-Authenticate %q", rec.Code, rec.Header().Get("WWW-Authenticate"))
	}
	if rec, _ := writeHTTPError(t, PayloadTooLarge(), nil); rec.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("payload too large: %d", rec.Code)
	}
}

// An error outside the catalogue is logged and answered without its text.
func TestHTTPErrorHidesAnInternalFault(t *testing.T) {
	var logged strings.Builder
	log := slog.New(slog.NewTextHandler(&logged, nil))
	rec, body := writeHTTPError(t, errors.New("pq: relation secret_table does not exist"), log)
	if rec.Code != http.StatusInternalServerError || body["appCode"] != "GENERAL_ERROR" || len(body) != 1 {
		t.Errorf("answer %d %v", rec.Code, body)
	}
	if strings.Contains(rec.Body.String(), "secret_table") || !strings.Contains(logged.String(), "secret_table") {
		t.Errorf("body %q, log %q", rec.Body.String(), logged.String())
	}
	if rec.Header().Get("Content-Type") != "application/json" || rec.Header().Get("Cache-Control") != "no-store" {
		t.Errorf("headers %v", rec.Header())
	}
}
