// Package sms sends text messages: through an HTTP provider speaking Twilio's
// Messages API when SMS_URL is set, otherwise to the log. Both implement
// account.SMS.
package sms

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Twilio posts messages to a Twilio-compatible Messages API.
type Twilio struct {
	endpoint string // .../2010-04-01/Accounts/{sid}/Messages.json
	sid      string
	token    string
	from     string
	client   *http.Client
}

// NewTwilio builds a client from SMS_URL and SMS_FROM.
//
// SMS_URL is the API base with the account credentials, e.g.
// https://ACxxxxxxxx:authtoken@api.twilio.com; a path in it is kept as a prefix
// (for compatible providers). SMS_FROM is the sender: a number (+3725550000), an
// alphanumeric sender id, or a Messaging Service SID (MG...). Errors never
// contain the token.
func NewTwilio(rawURL, from string, client *http.Client) (*Twilio, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, errors.New("SMS_URL: not a URL")
	}
	if u.Scheme != "https" && u.Scheme != "http" || u.Host == "" {
		return nil, errors.New("SMS_URL: must be an http(s) URL with a host")
	}
	sid := u.User.Username()
	token, _ := u.User.Password()
	if sid == "" || token == "" {
		return nil, errors.New("SMS_URL: must carry the account SID and auth token as user:password")
	}
	if strings.TrimSpace(from) == "" {
		return nil, errors.New("SMS_FROM: required with SMS_URL")
	}
	if client == nil {
		client = &http.Client{Timeout: 15 * time.Second}
	}
	base := url.URL{Scheme: u.Scheme, Host: u.Host, Path: strings.TrimSuffix(u.Path, "/")}
	endpoint := base.String() + "/2010-04-01/Accounts/" + url.PathEscape(sid) + "/Messages.json"
	return &Twilio{endpoint: endpoint, sid: sid, token: token, from: strings.TrimSpace(from), client: client}, nil
}

// ProviderError is a refusal by the provider, with its error code and message.
type ProviderError struct {
	HTTPStatus int
	Code       int
	Message    string
}

func (e *ProviderError) Error() string {
	return fmt.Sprintf("sms: provider answered %d (code %d): %s", e.HTTPStatus, e.Code, e.Message)
}

// SendSMS sends text to an E.164 number.
func (t *Twilio) SendSMS(ctx context.Context, to, text string) error {
	form := url.Values{"To": {to}, "Body": {text}}
	if strings.HasPrefix(t.from, "MG") && len(t.from) == 34 {
		form.Set("MessagingServiceSid", t.from)
	} else {
		form.Set("From", t.from)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, t.endpoint, strings.NewReader(form.Encode()))
	if err != nil {
		return fmt.Errorf("sms: request: %w", err)
	}
	req.SetBasicAuth(t.sid, t.token)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	res, err := t.client.Do(req)
	if err != nil {
		return fmt.Errorf("sms: %w", redact(err, t.token))
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(res.Body, 64<<10))
	var answer struct {
		SID     string `json:"sid"`
		Status  any    `json:"status"` // a message status string on success, the HTTP status number on error
		Code    int    `json:"code"`
		Message string `json:"message"`
	}
	jerr := json.Unmarshal(body, &answer)
	if res.StatusCode < 200 || res.StatusCode > 299 {
		msg := answer.Message
		if jerr != nil || msg == "" {
			msg = http.StatusText(res.StatusCode)
		}
		return &ProviderError{HTTPStatus: res.StatusCode, Code: answer.Code, Message: msg}
	}
	if jerr != nil || answer.SID == "" {
		return fmt.Errorf("sms: provider answered %d without a message sid", res.StatusCode)
	}
	if s, _ := answer.Status.(string); s == "failed" || s == "undelivered" {
		return &ProviderError{HTTPStatus: res.StatusCode, Code: answer.Code, Message: "message " + s}
	}
	return nil
}

// redact removes the token from a transport error (url.Error holds the URL,
// which carries no credentials here, but be sure).
func redact(err error, token string) error {
	if token == "" || !strings.Contains(err.Error(), token) {
		return err
	}
	return errors.New(strings.ReplaceAll(err.Error(), token, "xxxxx"))
}
