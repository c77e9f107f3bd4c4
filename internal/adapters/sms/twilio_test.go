package sms

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

const (
	testSID   = "AC0123456789abcdef0123456789abcdef"
	testToken = "tok-s3cret"
)

// fakeTwilio plays the Messages API: it checks the credentials, the path and the
// form, keeps what it accepted, and answers as Twilio does, including failures.
type fakeTwilio struct {
	mu       sync.Mutex
	received []map[string]string
	answer   func(w http.ResponseWriter) // nil: success
}

func (f *fakeTwilio) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	sid, tok, ok := r.BasicAuth()
	if !ok || sid != testSID || tok != testToken {
		w.WriteHeader(http.StatusUnauthorized)
		io.WriteString(w, `{"code":20003,"message":"Authenticate","more_info":"https://www.twilio.com/docs/errors/20003","status":401}`)
		return
	}
	if r.Method != http.MethodPost || r.URL.Path != "/prefix/2010-04-01/Accounts/"+testSID+"/Messages.json" {
		w.WriteHeader(http.StatusNotFound)
		io.WriteString(w, `{"code":20404,"message":"The requested resource was not found","status":404}`)
		return
	}
	if err := r.ParseForm(); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	if f.answer != nil {
		f.answer(w)
		return
	}
	if !strings.HasPrefix(r.PostForm.Get("To"), "+") {
		w.WriteHeader(http.StatusBadRequest)
		io.WriteString(w, `{"code":21211,"message":"Invalid 'To' Phone Number","status":400}`)
		return
	}
	got := map[string]string{}
	for k := range r.PostForm {
		got[k] = r.PostForm.Get(k)
	}
	f.mu.Lock()
	f.received = append(f.received, got)
	f.mu.Unlock()
	w.WriteHeader(http.StatusCreated)
	io.WriteString(w, `{"sid":"SM0123","status":"queued","to":"`+got["To"]+`","body":"..."}`)
}

func start(t *testing.T, f *fakeTwilio, from string) *Twilio {
	t.Helper()
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	base := strings.Replace(srv.URL, "http://", "http://"+testSID+":"+testToken+"@", 1) + "/prefix/"
	tw, err := NewTwilio(base, from, srv.Client())
	if err != nil {
		t.Fatal(err)
	}
	return tw
}

func TestTwilioSends(t *testing.T) {
	f := &fakeTwilio{}
	tw := start(t, f, "+3725550000")
	if err := tw.SendSMS(context.Background(), "+37255512345", "Sinu kood on 123456"); err != nil {
		t.Fatalf("SendSMS: %v", err)
	}
	if len(f.received) != 1 {
		t.Fatalf("provider received %d messages", len(f.received))
	}
	got := f.received[0]
	if got["To"] != "+37255512345" || got["From"] != "+3725550000" || got["Body"] != "Sinu kood on 123456" {
		t.Fatalf("form = %v", got)
	}
}

func TestTwilioMessagingService(t *testing.T) {
	f := &fakeTwilio{}
	svc := "MG0123456789abcdef0123456789abcdef"
	tw := start(t, f, svc)
	if err := tw.SendSMS(context.Background(), "+37255512345", "x"); err != nil {
		t.Fatal(err)
	}
	if got := f.received[0]; got["MessagingServiceSid"] != svc || got["From"] != "" {
		t.Fatalf("form = %v", got)
	}
}

func TestTwilioFailures(t *testing.T) {
	tests := []struct {
		name       string
		answer     func(w http.ResponseWriter)
		to         string
		wantStatus int
		wantCode   int
	}{
		{"invalid number", nil, "55512345", 400, 21211},
		{"rate limited", func(w http.ResponseWriter) {
			w.WriteHeader(http.StatusTooManyRequests)
			io.WriteString(w, `{"code":20429,"message":"Too Many Requests","status":429}`)
		}, "+37255512345", 429, 20429},
		{"server error without JSON", func(w http.ResponseWriter) {
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusBadGateway)
			io.WriteString(w, "<html>bad gateway</html>")
		}, "+37255512345", 502, 0},
		{"created but failed", func(w http.ResponseWriter) {
			w.WriteHeader(http.StatusCreated)
			io.WriteString(w, `{"sid":"SM1","status":"failed","error_code":30008}`)
		}, "+37255512345", 201, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tw := start(t, &fakeTwilio{answer: tt.answer}, "+3725550000")
			err := tw.SendSMS(context.Background(), tt.to, "x")
			var pe *ProviderError
			if !errors.As(err, &pe) {
				t.Fatalf("err = %v, want a ProviderError", err)
			}
			if pe.HTTPStatus != tt.wantStatus || pe.Code != tt.wantCode {
				t.Fatalf("ProviderError = %+v", pe)
			}
		})
	}
}

func TestTwilioWrongCredentials(t *testing.T) {
	srv := httptest.NewServer(&fakeTwilio{})
	defer srv.Close()
	base := strings.Replace(srv.URL, "http://", "http://"+testSID+":wrong-token@", 1) + "/prefix"
	tw, err := NewTwilio(base, "+3725550000", srv.Client())
	if err != nil {
		t.Fatal(err)
	}
	err = tw.SendSMS(context.Background(), "+37255512345", "x")
	var pe *ProviderError
	if !errors.As(err, &pe) || pe.HTTPStatus != 401 || pe.Code != 20003 {
		t.Fatalf("err = %v", err)
	}
	if strings.Contains(err.Error(), "wrong-token") {
		t.Fatalf("error leaks the token: %v", err)
	}
}

func TestTwilioUnreachable(t *testing.T) {
	srv := httptest.NewServer(&fakeTwilio{})
	url := strings.Replace(srv.URL, "http://", "http://"+testSID+":"+testToken+"@", 1)
	srv.Close()
	tw, err := NewTwilio(url, "+3725550000", nil)
	if err != nil {
		t.Fatal(err)
	}
	err = tw.SendSMS(context.Background(), "+37255512345", "x")
	if err == nil || strings.Contains(err.Error(), testToken) {
		t.Fatalf("err = %v", err)
	}
}

func TestNewTwilioConfig(t *testing.T) {
	tests := []struct{ url, from, wantErr string }{
		{"https://AC1:tok@api.twilio.com", "+3725550000", ""},
		{"ftp://AC1:tok@api.twilio.com", "+3725550000", "http(s)"},
		{"https://api.twilio.com", "+3725550000", "account SID"},
		{"https://AC1@api.twilio.com", "+3725550000", "account SID"},
		{"https://AC1:tok@api.twilio.com", " ", "SMS_FROM"},
	}
	for _, tt := range tests {
		_, err := NewTwilio(tt.url, tt.from, nil)
		switch {
		case tt.wantErr == "" && err != nil:
			t.Errorf("NewTwilio(%q) = %v", tt.url, err)
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("NewTwilio(%q) = %v, want %q", tt.url, err, tt.wantErr)
		}
	}
}

func TestLogSMSPrintsTheText(t *testing.T) {
	var buf bytes.Buffer
	l := Log{Logger: slog.New(slog.NewTextHandler(&buf, nil))}
	if err := l.SendSMS(context.Background(), "+37255512345", "kood 123456"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "123456") || !strings.Contains(buf.String(), "+37255512345") {
		t.Fatalf("log = %q", buf.String())
	}
}
