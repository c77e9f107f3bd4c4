package cluster

import (
	"context"
	"errors"
	"fmt"
	"time"

	"lockers/internal/rpcclient"
	"lockers/internal/version"

	"github.com/google/uuid"
)

var device = map[string]any{
	"appVersion": version.String(), "deviceName": "cluster test", "platform": "web", "model": "cluster", "osVersion": "1",
}

// SignUp makes a user the way the app does (auth.register, the code from
// the e-mail, auth.verify, auth.setPassword) and returns their token.
func (cl *Cluster) SignUp(ctx context.Context, c *rpcclient.Client) (string, error) {
	email := "cluster-" + uuid.NewString()[:13] + "@example.com"
	if err := c.Mutation(ctx, "auth.register", "", map[string]any{"email": email, "acceptTerms": true, "language": "en"}, nil); err != nil {
		return "", fmt.Errorf("register: %w", err)
	}
	wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	m, err := cl.Mail.WaitFor(wctx, email, 0)
	cancel()
	if err != nil {
		return "", fmt.Errorf("no e-mail to %s: %w", email, err)
	}
	var v struct {
		VerificationToken string `json:"verificationToken"`
	}
	if err := c.Mutation(ctx, "auth.verify", "", map[string]any{"email": email, "code": m.Code()}, &v); err != nil {
		return "", fmt.Errorf("verify: %w", err)
	}
	var a struct {
		Token *string `json:"token"`
	}
	if err := c.Mutation(ctx, "auth.setPassword", "", map[string]any{
		"verificationToken": v.VerificationToken, "password": "cluster-test-1", "passwordRepeat": "cluster-test-1", "device": device,
	}, &a); err != nil {
		return "", fmt.Errorf("setPassword: %w", err)
	}
	if a.Token == nil || *a.Token == "" {
		return "", errors.New("setPassword gave no token")
	}
	return *a.Token, nil
}

// Slot is one booking's locker kind and time.
type Slot struct {
	Height, Temperature string
	Start, End          time.Time
}

// BookFree books and confirms one locker (order.create, order.confirm), free
// by the user's coupons, and returns the order's id once the server
// answered "booked": an acknowledged order.
func BookFree(ctx context.Context, c *rpcclient.Client, token, stationID string, s Slot) (string, error) {
	var o struct {
		UUID   string `json:"uuid"`
		Status string `json:"status"`
	}
	if err := c.Mutation(ctx, "order.create", token, map[string]any{
		"stationUuid": stationID, "height": s.Height, "type": "standard", "temperature": s.Temperature,
		"start": s.Start.Format(time.RFC3339), "end": s.End.Format(time.RFC3339),
	}, &o); err != nil {
		return "", err
	}
	id := o.UUID
	if err := c.Mutation(ctx, "order.confirm", token, map[string]any{"orderUuid": id, "acceptTerms": true}, &o); err != nil {
		return "", err
	}
	if o.Status != "booked" {
		return "", fmt.Errorf("order.confirm answered %s, want booked", o.Status)
	}
	return id, nil
}
