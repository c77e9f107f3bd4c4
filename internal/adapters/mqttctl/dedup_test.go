package mqttctl

import (
	"fmt"
	"testing"
)

// The memory is bounded: the oldest id is forgotten first.
func TestRecentIDsForgetsOldest(t *testing.T) {
	r := newRecentIDs(3)
	for i := range 4 {
		r.add(fmt.Sprint(i))
	}
	if r.seen("0") {
		t.Error("the oldest id is still remembered past the bound")
	}
	for _, id := range []string{"1", "2", "3"} {
		if !r.seen(id) {
			t.Errorf("id %s forgotten", id)
		}
	}
	r.add("3") // a repeat does not push anything out
	if !r.seen("1") || len(r.set) != 3 {
		t.Errorf("a repeated add changed the memory: %v", r.set)
	}
}
