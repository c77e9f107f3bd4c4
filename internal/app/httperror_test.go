package app

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"lockers/internal/account"
)

func answerOf(t *testing.T, rec *httptest.ResponseRecorder) map[string]string {
	t.Helper()
	var m map[string]string
	if err := json.Unmarshal(rec.Body.Bytes(), &m); err != nil {
		t.Fatalf("body %q: %v", rec.Body.String(), err)
	}
	return m
}

// A panic outside the rpc handler answers like any internal fault of the
// endpoints outside tRPC: 500 GENERAL_ERROR, nothing of the panic in the body.
func TestAPanicAnswersGeneralError(t *testing.T) {
	h := withRecover(slog.New(slog.NewTextHandler(io.Discard, nil)), http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
		panic("secret detail")
	}))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/healthz", nil))
	if rec.Code != http.StatusInternalServerError || answerOf(t, rec)["appCode"] != "GENERAL_ERROR" ||
		strings.Contains(rec.Body.String(), "secret") {
		t.Fatalf("answer %d %q", rec.Code, rec.Body.String())
	}
}

func TestNoSessionIsUnauthorized(t *testing.T) {
	rec := httptest.NewRecorder()
	httpError(rec, httptest.NewRequest(http.MethodGet, "/invoices/x.pdf", nil), nil,
		errors.Join(errors.New("lookup"), account.ErrUnauthenticated))
	if rec.Code != http.StatusUnauthorized || answerOf(t, rec)["appCode"] != "UNAUTHORIZED" ||
		rec.Header().Get("WWW-Authenticate") == "" {
		t.Fatalf("answer %d %q %v", rec.Code, rec.Body.String(), rec.Header())
	}
}
