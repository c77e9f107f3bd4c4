package app

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"

	"lockers/internal/apperr"
	"lockers/internal/payment"
	"lockers/internal/rpc"
)

// maxWebhookBytes bounds a notification's body (Stripe's events are far smaller).
const maxWebhookBytes = 1 << 20

// webhookHandler verifies a provider's notification and records it in the
// inbox, which applies it right after (payment.Service.Receive). A forged,
// stale or unreadable one gets 400 BAD_INPUT and changes nothing, and so does
// a signed one whose text the input gate refuses (a NUL, invalid UTF-8, a
// control character, an overlong string, our id not a UUID); a replay is
// recorded once and answered 200; a notification we could not record gets 500
// GENERAL_ERROR, so the provider sends it again. Errors go through the one
// writer of the endpoints outside tRPC (httpError).
func webhookHandler(p payment.Provider, svc *payment.Service, header string, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxWebhookBytes))
		if err != nil {
			httpError(w, r, log, rpc.PayloadTooLarge())
			return
		}
		ev, err := p.Parse(ctx, body, r.Header.Get(header))
		if errors.Is(err, payment.ErrBadSignature) {
			log.WarnContext(ctx, "webhook refused: signature not valid", "provider", p.Name(), "err", err)
			httpError(w, r, log, apperr.New(apperr.BadInput, "signature not valid"))
			return
		}
		if err == nil {
			if gerr := rpc.Clean(&ev); gerr != nil {
				log.WarnContext(ctx, "webhook refused: text the input gate refuses", "provider", p.Name(), "err", gerr)
				httpError(w, r, log, gerr)
				return
			}
			err = svc.Receive(ctx, ev)
		}
		if err != nil {
			log.ErrorContext(ctx, "webhook not recorded; the provider will retry", "provider", p.Name(), "event", ev.ID,
				"type", ev.Type, "err", err)
			httpError(w, r, log, codeError(apperr.GeneralError)) // logged above, with the event
			return
		}
		writeJSON(w, http.StatusOK, map[string]bool{"received": true})
	})
}

// deliverLocally runs a notification through handler as a POST to path.
func deliverLocally(ctx context.Context, handler http.Handler, path, header string, payload []byte, signature string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, path, bytes.NewReader(payload))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(header, signature)
	rec := &statusRecorder{header: http.Header{}}
	handler.ServeHTTP(rec, req)
	if rec.status/100 != 2 {
		return fmt.Errorf("webhook answered %d", rec.status)
	}
	return nil
}

// statusRecorder is the smallest http.ResponseWriter: it keeps the status.
type statusRecorder struct {
	header http.Header
	status int
}

func (s *statusRecorder) Header() http.Header { return s.header }

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	return len(b), nil
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
}
