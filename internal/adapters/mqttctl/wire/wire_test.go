package wire

import (
	"errors"
	"strings"
	"testing"
)

func TestParseTopic(t *testing.T) {
	for topic, want := range map[string]string{
		"lockers/st-1/evt": "st-1 evt", "lockers/st-1/status": "st-1 status",
		"lockers/st-1/other": "", "lockers//evt": "", "other/st-1/evt": "", "lockers/a/b/evt": "",
	} {
		station, kind, ok := ParseTopic(topic)
		got := ""
		if ok {
			got = station + " " + kind
		}
		if got != want {
			t.Errorf("ParseTopic(%q) = %q, want %q", topic, got, want)
		}
	}
	for _, id := range []string{"", "a/b", "a+", "#", strings.Repeat("x", 129)} {
		if ValidStationID(id) {
			t.Errorf("ValidStationID(%q) = true", id)
		}
	}
}

func TestDecodeMessageRejectsWhatIsNotTheProtocol(t *testing.T) {
	bad := map[string]string{
		"not json":           "nope",
		"no id":              `{"type":"heartbeat"}`,
		"wrong topic":        `{"id":"1","type":"heartbeat"}`, // on evt
		"door without state": `{"id":"1","type":"door","compartment":"A01"}`,
		"accepted alone":     `{"id":"1","type":"accepted"}`,
		"no station":         `{"id":"1","type":"code","at":"2030-01-01T00:00:00Z","code":"123456"}`,
		"no time":            `{"id":"1","type":"code","station":"st-1","code":"123456"}`,
	}
	for name, payload := range bad {
		if _, err := DecodeMessage(KindEvt, []byte(payload)); !errors.Is(err, ErrMalformed) {
			t.Errorf("%s: err = %v, want ErrMalformed", name, err)
		}
	}
	secret := `{"id":"1","type":"code"}`
	_, err := DecodeMessage(KindEvt, []byte(secret))
	if err == nil || strings.Contains(err.Error(), "{") {
		t.Errorf("error %v quotes the payload", err)
	}
	if _, err := DecodeMessage(KindEvt, []byte(`{"id":"1","type":"code","station":"st-1","at":"2030-01-01T00:00:00Z","code":"123456"}`)); err != nil {
		t.Errorf("a code event: %v", err)
	}
	if _, err := DecodeMessage(KindTelemetry, []byte(`{"id":"1","type":"temperature","station":"st-1","at":"2030-01-01T00:00:00Z","temperatures":[{"compartment":"A01","celsius":4}]}`)); err != nil {
		t.Errorf("a temperature message: %v", err)
	}
}

func TestDecodeCommandNeedsDeadline(t *testing.T) {
	if _, err := DecodeCommand([]byte(`{"id":"1","type":"open","compartment":"A01"}`)); !errors.Is(err, ErrMalformed) {
		t.Errorf("a command without deadline: %v", err)
	}
	if _, err := DecodeCommand([]byte(`{"id":"1","type":"open","station":"st-1","compartment":"A01","at":"2030-01-01T00:00:00Z","deadline":"2030-01-01T00:00:10Z"}`)); err != nil {
		t.Errorf("an open command: %v", err)
	}
}
