package mail

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"lockers/internal/adapters/mail/mailtest"
)

func TestSMTPDeliversTextAndHTML(t *testing.T) {
	for _, auth := range []bool{false, true} {
		name := "no auth"
		user, pass := "", ""
		if auth {
			name, user, pass = "auth plain", "mailer", "s3cret"
		}
		t.Run(name, func(t *testing.T) {
			srv := mailtest.Start(t, user, pass)
			m, err := NewSMTP(srv.URL(), "Lockers <no-reply@lockers.test>")
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			err = m.SendMail(ctx, "mari@example.ee", "Kinnita oma e-posti aadress",
				"Sinu kood:\n\n    123456\n", "<p>Sinu kood: <b>123456</b></p>")
			if err != nil {
				t.Fatalf("SendMail: %v", err)
			}
			got, err := srv.WaitFor(ctx, "mari@example.ee", 0)
			if err != nil {
				t.Fatal(err)
			}
			if got.Subject != "Kinnita oma e-posti aadress" {
				t.Errorf("Subject = %q", got.Subject)
			}
			if got.From != "no-reply@lockers.test" {
				t.Errorf("envelope From = %q", got.From)
			}
			if got.Code() != "123456" {
				t.Errorf("code from text part = %q; text %q", got.Code(), got.Text)
			}
			if !strings.Contains(got.HTML, "<b>123456</b>") {
				t.Errorf("HTML part = %q", got.HTML)
			}
		})
	}
}

func TestSMTPRejectedMessageIsAnError(t *testing.T) {
	srv := mailtest.Start(t, "", "")
	m, err := NewSMTP(srv.URL(), "no-reply@lockers.test")
	if err != nil {
		t.Fatal(err)
	}
	srv.FailNext()
	if err := m.SendMail(context.Background(), "a@b.ee", "s", "t", "<p>h</p>"); err == nil {
		t.Fatal("a rejected message reported success")
	}
}

func TestSMTPWrongPasswordIsAnError(t *testing.T) {
	srv := mailtest.Start(t, "mailer", "right")
	m, err := NewSMTP("smtp://mailer:wrong@"+srv.Addr+"?tls=none&auth=plain", "no-reply@lockers.test")
	if err != nil {
		t.Fatal(err)
	}
	err = m.SendMail(context.Background(), "a@b.ee", "s", "t", "<p>h</p>")
	if err == nil {
		t.Fatal("wrong credentials reported success")
	}
	if strings.Contains(err.Error(), "wrong") {
		t.Fatalf("error leaks the password: %v", err)
	}
}

func TestSMTPUnreachableServerIsAnError(t *testing.T) {
	srv := mailtest.Start(t, "", "")
	url := srv.URL()
	srv.Close()
	m, err := NewSMTP(url, "no-reply@lockers.test")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := m.SendMail(ctx, "a@b.ee", "s", "t", "<p>h</p>"); err == nil {
		t.Fatal("a closed server reported success")
	}
}

func TestNewSMTPConfig(t *testing.T) {
	tests := []struct {
		url, from string
		wantErr   string
	}{
		{"smtp://mail.example.com", "a@b.ee", ""},
		{"smtp://u:p@mail.example.com:2525?tls=opportunistic", "Lockers <a@b.ee>", ""},
		{"smtps://u:p@mail.example.com?auth=scram-sha-256", "a@b.ee", ""},
		{"smtp://u:p@mail.example.com?auth=magic", "a@b.ee", "auth must be"},
		{"http://mail.example.com", "a@b.ee", "scheme"},
		{"smtp://", "a@b.ee", "missing host"},
		{"smtp://mail.example.com:99999", "a@b.ee", "port"},
		{"smtp://mail.example.com?tls=maybe", "a@b.ee", "tls must be"},
		{"smtps://mail.example.com?tls=none", "a@b.ee", "no tls"},
		{"smtp://u:hunter2@mail.example.com", "not an address", "MAIL_FROM"},
		{"::hunter2", "a@b.ee", "not a URL"},
	}
	for _, tt := range tests {
		_, err := NewSMTP(tt.url, tt.from)
		switch {
		case tt.wantErr == "" && err != nil:
			t.Errorf("NewSMTP(%q) = %v", tt.url, err)
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("NewSMTP(%q) = %v, want error containing %q", tt.url, err, tt.wantErr)
		case err != nil && strings.Contains(err.Error(), "hunter2"):
			t.Errorf("error leaks the password: %v", err)
		}
	}
}

func TestLogMailerPrintsTheMessage(t *testing.T) {
	var buf bytes.Buffer
	l := Log{Logger: slog.New(slog.NewTextHandler(&buf, nil))}
	if err := l.SendMail(context.Background(), "a@b.ee", "Confirm", "code 654321", "<p>654321</p>"); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"a@b.ee", "Confirm", "654321"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("log %q lacks %q", buf.String(), want)
		}
	}
}
