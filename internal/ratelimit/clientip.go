package ratelimit

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// ClientIP returns the address a request came from, the key of per-address limits.
// It uses RemoteAddr unless trustForwarded is set (the service runs behind a reverse
// proxy that overwrites X-Forwarded-For); then it takes the right-most entry of
// X-Forwarded-For, the one added by our own proxy, which a client cannot forge.
// IPv6 addresses are reduced to their /64, the unit one client usually controls.
func ClientIP(r *http.Request, trustForwarded bool) string {
	if trustForwarded {
		if ip := lastForwarded(r.Header.Values("X-Forwarded-For")); ip != "" {
			return ip
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	if ip := normalize(host); ip != "" {
		return ip
	}
	return host
}

func lastForwarded(values []string) string {
	for i := len(values) - 1; i >= 0; i-- {
		parts := strings.Split(values[i], ",")
		for j := len(parts) - 1; j >= 0; j-- {
			if ip := normalize(strings.TrimSpace(parts[j])); ip != "" {
				return ip
			}
		}
	}
	return ""
}

func normalize(s string) string {
	addr, err := netip.ParseAddr(s)
	if err != nil {
		return ""
	}
	addr = addr.Unmap()
	if addr.Is6() {
		p, err := addr.Prefix(64)
		if err == nil {
			return p.String()
		}
	}
	return addr.String()
}
