// Package mailtest runs a real SMTP server in-process (github.com/emersion/go-smtp)
// that keeps every message it receives, so tests can read a verification code out
// of an e-mail the way a person would.
package mailtest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Server is a running SMTP server on 127.0.0.1.
type Server struct {
	Addr string // host:port
	srv  *smtp.Server
	ln   net.Listener
	user string
	pass string

	mu       sync.Mutex
	messages []Message
	arrived  chan struct{}
	// Fail, when set, rejects the next DATA with this error.
	fail error
}

// Start runs a server for the test and stops it at cleanup. With user and pass
// not empty it requires AUTH PLAIN with them.
func Start(tb testing.TB, user, pass string) *Server {
	tb.Helper()
	s, err := New(user, pass)
	if err != nil {
		tb.Fatalf("mailtest: %v", err)
	}
	tb.Cleanup(s.Close)
	return s
}

// New runs a server until Close.
func New(user, pass string) (*Server, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s := &Server{Addr: l.Addr().String(), ln: l, user: user, pass: pass, arrived: make(chan struct{}, 1)}
	s.srv = smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) {
		return &session{s: s}, nil
	}))
	s.srv.Domain = "localhost"
	s.srv.AllowInsecureAuth = true
	s.srv.ReadTimeout = 10 * time.Second
	s.srv.WriteTimeout = 10 * time.Second
	go s.srv.Serve(l)
	return s, nil
}

// URL is an SMTP_URL for this server (plain connection, credentials if any).
func (s *Server) URL() string {
	if s.user != "" {
		return fmt.Sprintf("smtp://%s:%s@%s?tls=none&auth=plain", s.user, s.pass, s.Addr)
	}
	return "smtp://" + s.Addr + "?tls=none"
}

// Close stops the server. The listener is closed here as well: Serve may not
// have registered it with the server yet.
func (s *Server) Close() {
	s.ln.Close()
	s.srv.Close()
}

// FailNext makes the next message be rejected with a permanent error.
func (s *Server) FailNext() {
	s.mu.Lock()
	s.fail = &smtp.SMTPError{Code: 554, EnhancedCode: smtp.EnhancedCode{5, 0, 0}, Message: "rejected by test"}
	s.mu.Unlock()
}

// Messages returns every message received so far.
func (s *Server) Messages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.messages...)
}

// WaitFor returns the newest message to rcpt, waiting up to timeout for one that
// arrived after skip messages to that address had been received.
func (s *Server) WaitFor(ctx context.Context, rcpt string, skip int) (Message, error) {
	for {
		var seen []Message
		for _, m := range s.Messages() {
			for _, to := range m.To {
				if to == rcpt {
					seen = append(seen, m)
				}
			}
		}
		if len(seen) > skip {
			return seen[len(seen)-1], nil
		}
		select {
		case <-s.arrived:
		case <-ctx.Done():
			return Message{}, fmt.Errorf("mailtest: no message to %s: %w", rcpt, ctx.Err())
		}
	}
}

type session struct {
	s      *Server
	authed bool
	from   string
	to     []string
}

func (x *session) AuthMechanisms() []string {
	if x.s.user == "" {
		return nil
	}
	return []string{sasl.Plain}
}

func (x *session) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pass string) error {
		if user != x.s.user || pass != x.s.pass {
			return errors.New("invalid credentials")
		}
		x.authed = true
		return nil
	}), nil
}

func (x *session) Mail(from string, _ *smtp.MailOptions) error {
	if x.s.user != "" && !x.authed {
		return smtp.ErrAuthRequired
	}
	x.from = from
	return nil
}

func (x *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	x.to = append(x.to, to)
	return nil
}

func (x *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	x.s.mu.Lock()
	fail := x.s.fail
	x.s.fail = nil
	x.s.mu.Unlock()
	if fail != nil {
		return fail
	}
	m, err := parse(x.from, x.to, raw)
	if err != nil {
		return err
	}
	x.s.mu.Lock()
	x.s.messages = append(x.s.messages, m)
	x.s.mu.Unlock()
	select {
	case x.s.arrived <- struct{}{}:
	default:
	}
	return nil
}

func (x *session) Reset()        { x.from, x.to = "", nil }
func (x *session) Logout() error { return nil }
