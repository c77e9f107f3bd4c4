package app

import (
	"strings"

	"lockers/internal/config"
)

// hstsFor tells whether lockerd sends Strict-Transport-Security: when users
// reach it over HTTPS, which PUBLIC_URL says. lockerd itself speaks plain HTTP
// behind a TLS-terminating proxy (TRUST_PROXY or not), so the scheme of the
// request it sees cannot tell; PUBLIC_URL can (docs/security.md, "Transport").
func hstsFor(cfg config.Config) bool {
	return strings.HasPrefix(strings.ToLower(cfg.PublicURL), "https://")
}
