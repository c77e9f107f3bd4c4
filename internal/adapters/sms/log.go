package sms

import (
	"context"
	"log/slog"
)

// Log is the default when SMS_URL is not set: it writes the text message, code
// included, to the log so a local run can verify a phone. This is intended and
// the only place an SMS code is logged; production sets SMS_URL.
type Log struct {
	Logger *slog.Logger
}

// SendSMS logs the message at INFO.
func (l Log) SendSMS(ctx context.Context, to, text string) error {
	log := l.Logger
	if log == nil {
		log = slog.Default()
	}
	log.InfoContext(ctx, "SMS not sent (no SMS_URL): printed instead", "to", to, "text", text)
	return nil
}
