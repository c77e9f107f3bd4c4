package mqttctl

import "sync"

// recentIDs remembers the last n message ids seen, so a message that QoS 1
// delivers twice (a redelivery after a reconnect, a station's resend) reaches
// the sink once. Memory is bounded: the oldest id is forgotten first.
type recentIDs struct {
	mu   sync.Mutex
	set  map[string]struct{}
	ring []string
	next int
}

func newRecentIDs(n int) *recentIDs {
	return &recentIDs{set: make(map[string]struct{}, n), ring: make([]string, n)}
}

// seen reports whether id is remembered.
func (r *recentIDs) seen(id string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	_, ok := r.set[id]
	return ok
}

// add remembers id, forgetting the oldest when full.
func (r *recentIDs) add(id string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.set[id]; ok {
		return
	}
	if old := r.ring[r.next]; old != "" {
		delete(r.set, old)
	}
	r.ring[r.next] = id
	r.set[id] = struct{}{}
	r.next = (r.next + 1) % len(r.ring)
}
