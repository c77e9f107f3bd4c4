package mail

import (
	"context"
	"log/slog"
)

// Log is the default mailer when SMTP_URL is not set: it writes the whole message,
// verification code included, to the log, so someone running the service locally
// can register without a mail server. This is the one place a code is logged, on
// purpose; production sets SMTP_URL.
type Log struct {
	Logger *slog.Logger
}

// SendMail logs the message at INFO.
func (l Log) SendMail(ctx context.Context, to, subject, text, _ string) error {
	log := l.Logger
	if log == nil {
		log = slog.Default()
	}
	log.InfoContext(ctx, "e-mail not sent (no SMTP_URL): printed instead", "to", to, "subject", subject, "text", text)
	return nil
}
