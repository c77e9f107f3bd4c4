package fcm_test

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"lockers/internal/adapters/fcm"
	"lockers/internal/notify"
)

// TestPushSpeaksFCMv1 runs the client against a local OAuth token endpoint and
// a local FCM v1 API: the service account's signed assertion is exchanged for
// a token, messages are sent with it to the project's messages:send, an
// unregistered token is reported dead and a server error is an error to retry.
func TestPushSpeaksFCMv1(t *testing.T) {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	var tokensIssued atomic.Int32
	oauth := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_ = r.ParseForm()
		if r.Form.Get("grant_type") != "urn:ietf:params:oauth:grant-type:jwt-bearer" || r.Form.Get("assertion") == "" {
			http.Error(w, `{"error":"invalid_grant"}`, http.StatusBadRequest)
			return
		}
		tokensIssued.Add(1)
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"access_token":"ya29.local","token_type":"Bearer","expires_in":3600}`)
	}))
	defer oauth.Close()

	type sent struct {
		Message struct {
			Token        string            `json:"token"`
			Notification map[string]string `json:"notification"`
			Data         map[string]string `json:"data"`
		} `json:"message"`
	}
	var got []sent
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer ya29.local" {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		if r.URL.Path != "/v1/projects/lockers-test/messages:send" || r.Method != http.MethodPost {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		var m sent
		if err := json.NewDecoder(r.Body).Decode(&m); err != nil {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		got = append(got, m)
		switch m.Message.Token {
		case "dead":
			w.WriteHeader(http.StatusNotFound)
			_, _ = io.WriteString(w, `{"error":{"code":404,"message":"Requested entity was not found.","status":"NOT_FOUND",
				"details":[{"@type":"type.googleapis.com/google.firebase.fcm.v1.FcmError","errorCode":"UNREGISTERED"}]}}`)
		case "busy":
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = io.WriteString(w, `{"error":{"code":503,"message":"try later","status":"UNAVAILABLE"}}`)
		default:
			_, _ = io.WriteString(w, `{"name":"projects/lockers-test/messages/1"}`)
		}
	}))
	defer api.Close()

	creds, _ := json.Marshal(map[string]string{
		"type": "service_account", "project_id": "lockers-test", "private_key_id": "k1",
		"private_key":  string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})),
		"client_email": "push@lockers-test.iam.gserviceaccount.com", "token_uri": oauth.URL + "/token",
	})
	ctx := context.Background()
	c, err := fcm.New(ctx, creds, api.URL, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	m := notify.PushMessage{Title: "Sinu rent lõpeb tunni aja pärast", Body: "…", Data: map[string]string{"kind": "ends_soon"}}
	if err := c.Push(ctx, notify.PushToken{Type: "fcm", Token: "good"}, m); err != nil {
		t.Fatalf("good token: %v", err)
	}
	if err := c.Push(ctx, notify.PushToken{Type: "fcm", Token: "dead"}, m); !errors.Is(err, notify.ErrDeadToken) {
		t.Fatalf("unregistered token: %v, want ErrDeadToken", err)
	}
	if err := c.Push(ctx, notify.PushToken{Type: "fcm", Token: "busy"}, m); err == nil || errors.Is(err, notify.ErrDeadToken) {
		t.Fatalf("unavailable: %v, want a retryable error", err)
	}
	if len(got) != 3 || got[0].Message.Notification["title"] != m.Title || got[0].Message.Data["kind"] != "ends_soon" {
		t.Fatalf("FCM got %+v", got)
	}
	if n := tokensIssued.Load(); n != 1 {
		t.Errorf("%d access tokens fetched, want 1 reused", n)
	}

	if _, err := fcm.New(ctx, []byte(`{"type":"service_account"}`), api.URL, time.Second); err == nil {
		t.Error("credentials without a project were accepted")
	}
}
