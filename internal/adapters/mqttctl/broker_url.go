package mqttctl

import (
	"errors"
	"net/url"
	"strings"
)

// BrokerURL is a parsed broker address: the URL without its credentials
// (safe to log; autopaho quotes it in some errors) and the credentials apart.
type BrokerURL struct {
	URL      *url.URL
	Username string
	Password []byte
}

// ParseBrokerURL accepts mqtt://, tcp://, mqtts://, ssl://, tls://, ws:// and
// wss:// URLs with a host, and user:password@ for the broker's login. Errors
// never quote the URL (it may hold a password).
func ParseBrokerURL(raw string) (BrokerURL, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return BrokerURL{}, errors.New("broker URL is not a URL like mqtt://host:1883")
	}
	switch strings.ToLower(u.Scheme) {
	case "mqtt", "tcp", "mqtts", "ssl", "tls", "ws", "wss":
	default:
		return BrokerURL{}, errors.New("broker URL must be mqtt://, mqtts://, ws:// or wss://")
	}
	b := BrokerURL{}
	if u.User != nil {
		b.Username = u.User.Username()
		if p, ok := u.User.Password(); ok {
			b.Password = []byte(p)
		}
		u.User = nil
	}
	b.URL = u
	return b, nil
}
