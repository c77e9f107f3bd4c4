package mqttctl

import (
	"hash/maphash"
	"sync"
)

// recentIDs remembers the last n message ids seen, so a message that QoS 1
// delivers twice (a redelivery after a reconnect, a station's resend) reaches
// the sink once. Memory is bounded and allocated up front (ids are kept as
// 64-bit hashes: with 65,536 of them a false "seen" has odds near 1 in 10¹⁰),
// so it stays flat however long lockerd runs; the oldest id is forgotten first.
type recentIDs struct {
	seed maphash.Seed
	mu   sync.Mutex
	set  map[uint64]struct{}
	ring []uint64
	next int
}

func newRecentIDs(n int) *recentIDs {
	return &recentIDs{seed: maphash.MakeSeed(), set: make(map[uint64]struct{}, n), ring: make([]uint64, n)}
}

func (r *recentIDs) key(id string) uint64 {
	k := maphash.String(r.seed, id)
	if k == 0 { // 0 marks an empty ring slot
		k = 1
	}
	return k
}

// seen reports whether id is remembered.
func (r *recentIDs) seen(id string) bool {
	k := r.key(id)
	r.mu.Lock()
	defer r.mu.Unlock()
	_, ok := r.set[k]
	return ok
}

// add remembers id, forgetting the oldest when full.
func (r *recentIDs) add(id string) {
	k := r.key(id)
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.set[k]; ok {
		return
	}
	if old := r.ring[r.next]; old != 0 {
		delete(r.set, old)
	}
	r.ring[r.next] = k
	r.set[k] = struct{}{}
	r.next = (r.next + 1) % len(r.ring)
}
