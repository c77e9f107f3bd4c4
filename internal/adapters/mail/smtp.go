// Package mail delivers e-mail: over SMTP with github.com/wneessen/go-mail when
// SMTP_URL is set, otherwise to the log (so a local `make run` can register).
// Both implement account.Mailer.
package mail

import (
	"context"
	"errors"
	"fmt"
	netmail "net/mail"
	"net/url"
	"strconv"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// SMTP sends e-mail through one SMTP server. A connection is opened per message:
// code e-mails are rare, and no idle connection can go stale.
type SMTP struct {
	host string
	opts []gomail.Option
	from string
}

// NewSMTP builds a sender from SMTP_URL and MAIL_FROM. Accepted URLs:
//
//	smtp://[user:password@]host[:port][?tls=starttls|opportunistic|none][&auth=...]  (port 587; STARTTLS required by default)
//	smtps://[user:password@]host[:port][?auth=...]                                   (port 465; TLS from the first byte)
//
// With a user, auth (auto|plain|login|cram-md5|scram-sha-256, default auto) picks
// the mechanism; PLAIN and LOGIN are refused on unencrypted connections except to
// localhost. Errors never contain the password.
func NewSMTP(rawURL, from string) (*SMTP, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, errors.New("SMTP_URL: not a URL")
	}
	if u.Hostname() == "" {
		return nil, errors.New("SMTP_URL: missing host")
	}
	if _, err := netmail.ParseAddress(from); err != nil {
		return nil, fmt.Errorf("MAIL_FROM: %q is not an e-mail address", from)
	}
	opts := []gomail.Option{gomail.WithTimeout(20 * time.Second)}
	port := 0
	if p := u.Port(); p != "" {
		if port, err = strconv.Atoi(p); err != nil || port < 1 || port > 65535 {
			return nil, errors.New("SMTP_URL: bad port")
		}
	}
	switch u.Scheme {
	case "smtps":
		if u.Query().Has("tls") {
			return nil, errors.New("SMTP_URL: smtps takes no tls parameter")
		}
		opts = append(opts, gomail.WithSSL(), gomail.WithPort(orPort(port, 465)))
	case "smtp":
		policy, err := tlsPolicy(u.Query().Get("tls"))
		if err != nil {
			return nil, err
		}
		opts = append(opts, gomail.WithTLSPolicy(policy), gomail.WithPort(orPort(port, 587)))
	default:
		return nil, errors.New("SMTP_URL: scheme must be smtp or smtps")
	}
	if user := u.User.Username(); user != "" {
		mech, err := authType(u.Query().Get("auth"))
		if err != nil {
			return nil, err
		}
		pass, _ := u.User.Password()
		opts = append(opts, gomail.WithSMTPAuth(mech), gomail.WithUsername(user), gomail.WithPassword(pass))
	}
	return &SMTP{host: u.Hostname(), opts: opts, from: from}, nil
}

func orPort(p, def int) int {
	if p == 0 {
		return def
	}
	return p
}

// authType maps the auth parameter; "auto" picks the strongest mechanism the
// server offers (on an unencrypted connection only challenge-response ones).
func authType(s string) (gomail.SMTPAuthType, error) {
	switch s {
	case "", "auto":
		return gomail.SMTPAuthAutoDiscover, nil
	case "plain":
		return gomail.SMTPAuthPlain, nil
	case "login":
		return gomail.SMTPAuthLogin, nil
	case "cram-md5":
		return gomail.SMTPAuthCramMD5, nil
	case "scram-sha-256":
		return gomail.SMTPAuthSCRAMSHA256, nil
	}
	return "", errors.New("SMTP_URL: auth must be auto, plain, login, cram-md5 or scram-sha-256")
}

func tlsPolicy(s string) (gomail.TLSPolicy, error) {
	switch s {
	case "", "starttls":
		return gomail.TLSMandatory, nil
	case "opportunistic":
		return gomail.TLSOpportunistic, nil
	case "none":
		return gomail.NoTLS, nil
	}
	return 0, errors.New("SMTP_URL: tls must be starttls, opportunistic or none")
}

// SendMail sends one message with a plain-text part and an HTML alternative.
func (s *SMTP) SendMail(ctx context.Context, to, subject, text, html string) error {
	m := gomail.NewMsg()
	if err := m.From(s.from); err != nil {
		return fmt.Errorf("mail: from: %w", err)
	}
	if err := m.To(to); err != nil {
		return fmt.Errorf("mail: to: %w", err)
	}
	m.Subject(subject)
	m.SetDate()
	m.SetMessageID()
	m.SetBodyString(gomail.TypeTextPlain, text)
	m.AddAlternativeString(gomail.TypeTextHTML, html)
	c, err := gomail.NewClient(s.host, s.opts...)
	if err != nil {
		return fmt.Errorf("mail: client: %w", err)
	}
	if err := c.DialAndSendWithContext(ctx, m); err != nil {
		return fmt.Errorf("mail: send: %w", err)
	}
	return nil
}
