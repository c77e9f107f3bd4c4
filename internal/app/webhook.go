package app

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"

	"lockers/internal/payment"
)

// maxWebhookBytes bounds a notification's body (Stripe's events are far smaller).
const maxWebhookBytes = 1 << 20

// webhookHandler verifies a provider's notification and records it in the
// inbox, which applies it right after (payment.Service.Receive). A forged,
// stale or unreadable one gets 400 and changes nothing; a replay is recorded
// once and answered 200; a notification we could not record gets 500, so the
// provider sends it again.
func webhookHandler(p payment.Provider, svc *payment.Service, header string, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxWebhookBytes))
		if err != nil {
			writeJSON(w, http.StatusRequestEntityTooLarge, map[string]string{"error": "body too large"})
			return
		}
		ev, err := p.Parse(ctx, body, r.Header.Get(header))
		if errors.Is(err, payment.ErrBadSignature) {
			log.WarnContext(ctx, "webhook refused: signature not valid", "provider", p.Name(), "err", err)
			writeJSON(w, http.StatusBadRequest, map[string]string{"error": "signature not valid"})
			return
		}
		if err == nil {
			err = svc.Receive(ctx, ev)
		}
		if err != nil {
			log.ErrorContext(ctx, "webhook not recorded; the provider will retry", "provider", p.Name(), "event", ev.ID,
				"type", ev.Type, "err", err)
			writeJSON(w, http.StatusInternalServerError, map[string]string{"error": "not recorded"})
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
