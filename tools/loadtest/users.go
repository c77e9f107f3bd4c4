package loadtest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"lockers/internal/rpcclient"
	"lockers/internal/version"

	"github.com/google/uuid"
)

// usersPerAddress keeps each sign-up step under the per-address burst (30) of
// the server's rate limits.
const usersPerAddress = 20

var device = map[string]any{
	"appVersion": version.String(), "deviceName": "load test", "platform": "web", "model": "bookbench", "osVersion": "1",
}

// signUp creates n users the way the app does (auth.register, the code from the
// e-mail, auth.verify, auth.setPassword) and returns their bearer tokens.
// Groups of usersPerAddress come from their own loopback address.
func signUp(ctx context.Context, srv *server, n int) ([]string, error) {
	tokens := make([]string, n)
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		errs []error
	)
	sem := make(chan struct{}, 8)
	for i := range n {
		c := rpcclient.New(srv.base, fmt.Sprintf("127.0.%d.%d", 1+i/usersPerAddress/250, 2+i/usersPerAddress%250), 1)
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			defer c.Close()
			tok, err := signUpOne(ctx, srv, c)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				errs = append(errs, fmt.Errorf("user %d: %w", i, err))
			}
			tokens[i] = tok
		}()
	}
	wg.Wait()
	return tokens, errors.Join(errs...)
}

func signUpOne(ctx context.Context, srv *server, c *rpcclient.Client) (string, error) {
	email := "load-" + uuid.NewString()[:13] + "@example.com"
	if err := c.Mutation(ctx, "auth.register", "", map[string]any{"email": email, "acceptTerms": true, "language": "en"}, nil); err != nil {
		return "", fmt.Errorf("register: %w", err)
	}
	code, err := mailedCode(ctx, srv, email)
	if err != nil {
		return "", err
	}
	var v struct {
		VerificationToken string `json:"verificationToken"`
	}
	if err := c.Mutation(ctx, "auth.verify", "", map[string]any{"email": email, "code": code}, &v); err != nil {
		return "", fmt.Errorf("verify: %w", err)
	}
	var a struct {
		Token *string `json:"token"`
	}
	if err := c.Mutation(ctx, "auth.setPassword", "", map[string]any{
		"verificationToken": v.VerificationToken, "password": "load-test-1", "passwordRepeat": "load-test-1", "device": device,
	}, &a); err != nil {
		return "", fmt.Errorf("setPassword: %w", err)
	}
	if a.Token == nil || *a.Token == "" {
		return "", errors.New("setPassword gave no token")
	}
	return *a.Token, nil
}

// mailedCode reads the code out of the e-mail to addr. Several sign-ups wait at
// once and the server's arrival signal wakes only one of them, so each waits in
// short rounds and looks again.
func mailedCode(ctx context.Context, srv *server, addr string) (string, error) {
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		wctx, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
		m, err := srv.mail.WaitFor(wctx, addr, 0)
		cancel()
		if err == nil {
			if m.Code() == "" {
				return "", fmt.Errorf("no code in the e-mail %q", m.Subject)
			}
			return m.Code(), nil
		}
		if ctx.Err() != nil {
			return "", ctx.Err()
		}
	}
	return "", fmt.Errorf("no e-mail to %s within 30 s", addr)
}
