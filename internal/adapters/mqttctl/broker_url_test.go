package mqttctl

import (
	"strings"
	"testing"
)

// The broker's login is taken out of the URL (which autopaho may quote in an
// error), and errors never quote the URL.
func TestParseBrokerURL(t *testing.T) {
	b, err := ParseBrokerURL("mqtts://lockerd:s3cret@broker.example:8883")
	if err != nil {
		t.Fatal(err)
	}
	if b.Username != "lockerd" || string(b.Password) != "s3cret" || strings.Contains(b.URL.String(), "s3cret") || b.URL.Host != "broker.example:8883" {
		t.Errorf("parsed %+v (%s)", b, b.URL)
	}
	for _, raw := range []string{"", "broker:1883", "http://u:s3cret@host", "mqtt://u:s3cret@"} {
		if _, err := ParseBrokerURL(raw); err == nil || strings.Contains(err.Error(), "s3cret") {
			t.Errorf("ParseBrokerURL(%q) err = %v", raw, err)
		}
	}
	if _, err := New(Options{URL: "ftp://u:s3cret@host"}); err == nil || strings.Contains(err.Error(), "s3cret") {
		t.Errorf("New with a bad URL: %v", err)
	}
}
