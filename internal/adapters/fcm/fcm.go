// Package fcm sends push messages through Firebase Cloud Messaging's HTTP v1
// API, authorised by a Google service account (FCM_CREDENTIALS), and a Log
// adapter that writes them to the log instead (the default).
package fcm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"golang.org/x/oauth2/google"

	"lockers/internal/notify"
)

// Scope is the OAuth scope of FCM's send API.
const Scope = "https://www.googleapis.com/auth/firebase.messaging"

// DefaultEndpoint is FCM's API.
const DefaultEndpoint = "https://fcm.googleapis.com"

// Client is notify.Pusher on FCM HTTP v1.
type Client struct {
	http     *http.Client // adds the service account's bearer token
	endpoint string
	project  string
}

var _ notify.Pusher = (*Client)(nil)

// New reads a service-account key (the JSON Firebase hands out) and returns a
// client for its project. endpoint "" is FCM's; the token endpoint is the
// key's token_uri (both are local servers in tests).
func New(ctx context.Context, credentialsJSON []byte, endpoint string, timeout time.Duration) (*Client, error) {
	var key struct {
		ProjectID string `json:"project_id"`
	}
	if err := json.Unmarshal(credentialsJSON, &key); err != nil || key.ProjectID == "" {
		return nil, errors.New("fcm: the credentials are not a service-account key with a project_id")
	}
	cfg, err := google.JWTConfigFromJSON(credentialsJSON, Scope)
	if err != nil {
		return nil, fmt.Errorf("fcm: credentials: %w", err)
	}
	if endpoint == "" {
		endpoint = DefaultEndpoint
	}
	hc := cfg.Client(context.WithoutCancel(ctx))
	hc.Timeout = timeout
	return &Client{http: hc, endpoint: strings.TrimRight(endpoint, "/"), project: key.ProjectID}, nil
}

// message is FCM v1's Message, the fields this service sets.
type message struct {
	Token        string            `json:"token"`
	Notification map[string]string `json:"notification"`
	Data         map[string]string `json:"data,omitempty"`
}

// apiError is FCM's error body.
type apiError struct {
	Error struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
		Status  string `json:"status"`
		Details []struct {
			Type      string `json:"@type"`
			ErrorCode string `json:"errorCode"`
		} `json:"details"`
	} `json:"error"`
}

// Push sends m to one device: notify.ErrDeadToken when FCM reports the token
// unregistered (404 / UNREGISTERED); any other failure is an error to retry.
func (c *Client) Push(ctx context.Context, t notify.PushToken, m notify.PushMessage) error {
	body, err := json.Marshal(map[string]message{"message": {Token: t.Token,
		Notification: map[string]string{"title": m.Title, "body": m.Body}, Data: m.Data}})
	if err != nil {
		return err
	}
	url := c.endpoint + "/v1/projects/" + c.project + "/messages:send"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("fcm: send: %w", err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(io.LimitReader(res.Body, 64<<10))
	if res.StatusCode == http.StatusOK {
		return nil
	}
	var e apiError
	_ = json.Unmarshal(raw, &e)
	if res.StatusCode == http.StatusNotFound || e.Error.Status == "UNREGISTERED" {
		return notify.ErrDeadToken
	}
	for _, d := range e.Error.Details {
		if d.ErrorCode == "UNREGISTERED" {
			return notify.ErrDeadToken
		}
	}
	return fmt.Errorf("fcm: send: HTTP %d %s: %s", res.StatusCode, e.Error.Status, e.Error.Message)
}

// Log is notify.Pusher that writes each push to the log (no FCM_CREDENTIALS).
type Log struct{ Logger *slog.Logger }

// Push logs m; the token's end only, as a token addresses a device.
func (l Log) Push(ctx context.Context, t notify.PushToken, m notify.PushMessage) error {
	tail := t.Token
	if len(tail) > 6 {
		tail = "…" + tail[len(tail)-6:]
	}
	l.Logger.InfoContext(ctx, "push (written to the log: FCM_CREDENTIALS is not set)", "token", tail,
		"title", m.Title, "body", m.Body, "kind", m.Data["kind"])
	return nil
}
