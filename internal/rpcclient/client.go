// Package rpcclient calls lockerd's tRPC API over HTTP the way the web app's
// @trpc/client does (POST for mutations, GET with ?input= for queries), for the
// load test and the multi-process tests: many clients, each from a loopback
// address of its own.
package rpcclient

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// CallError is a tRPC error answer (AppCode from the error catalogue) or,
// with Status 0, no answer at all.
type CallError struct {
	Status  int
	AppCode string
	Message string
	Err     error
}

func (e *CallError) Error() string {
	if e.Status == 0 {
		return "no answer: " + e.Err.Error()
	}
	return fmt.Sprintf("HTTP %d %s: %s", e.Status, e.AppCode, e.Message)
}

// Client calls the tRPC API at one base URL from one loopback address:
// addresses stand for people, whom the per-address limits count apart.
type Client struct {
	base string
	http *http.Client
	// Observe, when set, hears every call's procedure, time and error.
	Observe func(path string, d time.Duration, err error)
}

// New dials base from localIP ("" for any; every 127.x.y.z address reaches a
// loopback server) and keeps up to conns idle keep-alive connections.
func New(base, localIP string, conns int) *Client {
	d := &net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second}
	if localIP != "" {
		d.LocalAddr = &net.TCPAddr{IP: net.ParseIP(localIP)}
	}
	tr := &http.Transport{DialContext: d.DialContext, MaxIdleConns: conns, MaxIdleConnsPerHost: conns,
		IdleConnTimeout: 90 * time.Second}
	return &Client{base: base, http: &http.Client{Transport: tr, Timeout: 30 * time.Second}}
}

// Close drops the idle connections.
func (c *Client) Close() { c.http.CloseIdleConnections() }

// Mutation POSTs input to the procedure and decodes result.data into out
// (when not nil).
func (c *Client) Mutation(ctx context.Context, path, bearer string, input, out any) error {
	body, err := json.Marshal(input)
	if err != nil {
		return err
	}
	return c.do(ctx, http.MethodPost, path, bearer, bytes.NewReader(body), out)
}

// Query GETs the procedure; input, when not nil, goes in ?input= as tRPC sends it.
func (c *Client) Query(ctx context.Context, path, bearer string, input, out any) error {
	target := path
	if input != nil {
		b, err := json.Marshal(input)
		if err != nil {
			return err
		}
		target += "?input=" + url.QueryEscape(string(b))
	}
	return c.do(ctx, http.MethodGet, target, bearer, nil, out)
}

func (c *Client) do(ctx context.Context, method, path, bearer string, body io.Reader, out any) error {
	if c.Observe == nil {
		return c.call(ctx, method, path, bearer, body, out)
	}
	start := time.Now()
	err := c.call(ctx, method, path, bearer, body, out)
	name, _, _ := strings.Cut(path, "?")
	c.Observe(name, time.Since(start), err)
	return err
}

func (c *Client) call(ctx context.Context, method, path, bearer string, body io.Reader, out any) error {
	req, err := http.NewRequestWithContext(ctx, method, c.base+"/c-core/trpc/hybrid/"+path, body)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if bearer != "" {
		req.Header.Set("Authorization", "Bearer "+bearer)
	}
	res, err := c.http.Do(req)
	if err != nil {
		return &CallError{Err: err}
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		return &CallError{Err: err}
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
		return &CallError{Status: res.StatusCode, AppCode: e.Error.Data.AppCode, Message: e.Error.Message}
	}
	if out == nil {
		return nil
	}
	// One pass over the body: Data holds out, a pointer, and encoding/json
	// decodes into what an interface's non-nil pointer points at.
	var env struct {
		Result struct {
			Data any `json:"data"`
		} `json:"result"`
	}
	env.Result.Data = out
	if err := json.Unmarshal(raw, &env); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
