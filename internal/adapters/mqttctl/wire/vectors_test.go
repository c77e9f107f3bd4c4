package wire_test

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"lockers/internal/adapters/mqttctl/wire"
	"lockers/internal/hardware"
)

// The test vectors of docs/station-protocol.md are made here, from the code
// a cabinet talks to, and checked against the page: a change to the MAC, the
// key derivation or the envelope fails this test until the page shows the
// new vectors (UPDATE_VECTORS=1 rewrites them). Each vector is also verified
// the way a receiver does.
const vectorsDoc = "../../../../docs/station-protocol.md"

func TestProtocolDocShowsTheVectors(t *testing.T) {
	got := vectors(t)
	doc, err := os.ReadFile(vectorsDoc)
	if err != nil {
		t.Fatal(err)
	}
	const begin, end = "<!-- vectors:begin -->\n", "<!-- vectors:end -->"
	i, j := bytes.Index(doc, []byte(begin)), bytes.Index(doc, []byte(end))
	if i < 0 || j < i {
		t.Fatalf("%s has no vectors block", vectorsDoc)
	}
	shown := string(doc[i+len(begin) : j])
	if shown == got {
		return
	}
	if os.Getenv("UPDATE_VECTORS") == "1" {
		out := append(append(append([]byte{}, doc[:i+len(begin)]...), got...), doc[j:]...)
		if err := os.WriteFile(vectorsDoc, out, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("the test vectors in %s are stale; run UPDATE_VECTORS=1 go test ./internal/adapters/mqttctl/wire/ and commit the page:\n%s", vectorsDoc, got)
}

func vectors(t *testing.T) string {
	t.Helper()
	secret := []byte("example-station-secret-0123456789abcdef")
	station := "11111111-1111-4111-8111-000000000001"
	at := time.Date(2026, 5, 4, 10, 0, 0, 0, time.UTC)
	var b strings.Builder
	fmt.Fprintf(&b, "Inputs: `STATION_SECRET` = `%s`, station = `%s`.\n\n", secret, station)
	fmt.Fprintf(&b, "| What | Value |\n|---|---|\n")
	for gen := 1; gen <= 2; gen++ {
		fmt.Fprintf(&b, "| key, generation %d (hex) | `%s` |\n", gen, hex.EncodeToString(hardware.StationMACKey(secret, station, gen)))
	}
	fmt.Fprintf(&b, "| broker password, generation 1 | `%s` |\n", hardware.BrokerPassword(secret, station, 1))
	from, to := at, at.Add(2*time.Hour)
	fmt.Fprintf(&b, "| offline PIN of `A01`, window %s – %s | `%s` |\n\n", from.Format(time.RFC3339), to.Format(time.RFC3339),
		hardware.OfflinePIN(hardware.StationKey(secret, station), "A01", from, to))

	key := hardware.StationMACKey(secret, station, 2)
	cmd := wire.Command{ID: "0196a0f0-0000-7000-8000-000000000001", Type: wire.CmdOpen, Station: station, At: at,
		Deadline: at.Add(10 * time.Second), Compartment: "A01", Reason: "app"}
	evt := wire.Message{ID: "0196a0f0-0000-7000-8000-000000000002", Type: wire.TypeDoor, Station: station,
		At: at.Add(time.Second), Compartment: "A01", Door: "open", CommandID: cmd.ID}
	for _, v := range []struct {
		name, kind string
		msg        any
	}{{"An open command (lockerd → station), generation 2", wire.KindCmd, cmd},
		{"Its door event (station → lockerd), generation 2", wire.KindEvt, evt}} {
		topic := wire.Topic(station, v.kind)
		msg, err := json.Marshal(v.msg)
		if err != nil {
			t.Fatal(err)
		}
		payload, err := wire.Seal(key, 2, topic, msg)
		if err != nil {
			t.Fatal(err)
		}
		if got, gen, err := wire.Unseal(payload, topic, func(g int) []byte { return hardware.StationMACKey(secret, station, g) }); err != nil || gen != 2 || !bytes.Equal(got, msg) {
			t.Fatalf("the vector does not verify: %v", err)
		}
		if _, _, err := wire.Unseal(payload, wire.Topic(station+"x", v.kind), func(int) []byte { return key }); err == nil {
			t.Fatal("a vector verifies on another topic")
		}
		fmt.Fprintf(&b, "%s. Topic `%s`; msg (the bytes signed):\n\n```\n%s\n```\n\n", v.name, topic, msg)
		fmt.Fprintf(&b, "MAC input: `lockers/v1` 0x00 `%s` 0x00 `2` 0x00 msg; MAC (hex): `%s`\n\nThe payload:\n\n```\n%s\n```\n\n",
			topic, hex.EncodeToString(wire.MAC(key, 2, topic, msg)), payload)
	}
	return b.String()
}
