package loadtest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"
)

// rpcError is a tRPC error answer; AppCode is the catalogue code (apperr).
type rpcError struct {
	Status  int
	AppCode string
	Message string
}

func (e *rpcError) Error() string {
	return fmt.Sprintf("HTTP %d %s: %s", e.Status, e.AppCode, e.Message)
}

// client calls the user API over keep-alive connections from one local address.
type client struct {
	base string
	http *http.Client
}

// newClient dials from localIP (any 127.x.y.z address reaches the loopback
// server); distinct addresses stand for distinct people, whom the sign-up rate
// limits count separately. conns is the number of idle connections kept.
func newClient(base, localIP string, conns int) *client {
	d := &net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second}
	if localIP != "" {
		d.LocalAddr = &net.TCPAddr{IP: net.ParseIP(localIP)}
	}
	tr := &http.Transport{
		DialContext:         d.DialContext,
		MaxIdleConns:        conns,
		MaxIdleConnsPerHost: conns,
		IdleConnTimeout:     90 * time.Second,
	}
	return &client{base: base, http: &http.Client{Transport: tr, Timeout: 30 * time.Second}}
}

func (c *client) close() { c.http.CloseIdleConnections() }

// mutation POSTs input to the procedure and decodes result.data into out
// (skipped when out is nil).
func (c *client) mutation(ctx context.Context, path, bearer string, input, out any) error {
	body, err := json.Marshal(input)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/c-core/trpc/hybrid/"+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	if bearer != "" {
		req.Header.Set("Authorization", "Bearer "+bearer)
	}
	res, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		return err
	}
	if res.StatusCode != http.StatusOK {
		var e struct {
			Error struct {
				Message string `json:"message"`
				Data    struct {
					AppCode string `json:"appCode"`
				} `json:"data"`
			} `json:"error"`
		}
		_ = json.Unmarshal(raw, &e)
		return &rpcError{Status: res.StatusCode, AppCode: e.Error.Data.AppCode, Message: e.Error.Message}
	}
	if out == nil {
		return nil
	}
	var env struct {
		Result struct {
			Data json.RawMessage `json:"data"`
		} `json:"result"`
	}
	if err := json.Unmarshal(raw, &env); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return json.Unmarshal(env.Result.Data, out)
}
