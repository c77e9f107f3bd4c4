package mail

import (
	"context"
	"log/slog"
	"strings"
)

// Log is the default mailer when SMTP_URL is not set: it writes the whole message,
// verification code included, to the log, so someone running the service locally
// can register without a mail server. This is the one place a code is logged, on
// purpose; production sets SMTP_URL.
type Log struct {
	Logger *slog.Logger
}

// SendMail logs the message at INFO: a heading, then each line of its text as
// a record of its own, so the code stands on a line by itself in the terminal.
func (l Log) SendMail(ctx context.Context, to, subject, text, _ string) error {
	log := l.Logger
	if log == nil {
		log = slog.Default()
	}
	log.InfoContext(ctx, "e-mail not sent (no SMTP_URL): printed instead", "to", to, "subject", subject)
	for _, line := range strings.Split(text, "\n") {
		if line = strings.TrimSpace(line); line != "" {
			log.InfoContext(ctx, "mail | "+line, "to", to)
		}
	}
	return nil
}
