package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"time"
)

// health is `lockerd health`: a container's health check (the image has no shell
// or curl), e.g. podman run --health-cmd '["/usr/local/bin/lockerd","health"]'.
// It asks the lockerd listening on HTTP_ADDR for /readyz (the process serves and
// reaches its database) and exits 0 on 200, else 1. A wildcard listen address
// (0.0.0.0, ::, none) is asked on loopback.
func health(stdout, stderr io.Writer) int {
	addr := os.Getenv("HTTP_ADDR")
	if addr == "" {
		addr = "127.0.0.1:8080"
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		fmt.Fprintf(stderr, "lockerd health: HTTP_ADDR %q: %v\n", addr, err)
		return 1
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "127.0.0.1"
		if ip != nil && ip.To4() == nil {
			host = "::1"
		}
	}
	url := "http://" + net.JoinHostPort(host, port) + "/readyz"
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		fmt.Fprintln(stderr, "lockerd health:", err)
		return 1
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		fmt.Fprintln(stderr, "lockerd health:", err)
		return 1
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		fmt.Fprintf(stderr, "lockerd health: %s answered %s\n", url, resp.Status)
		return 1
	}
	fmt.Fprintf(stdout, "%s: %s\n", url, resp.Status)
	return 0
}
