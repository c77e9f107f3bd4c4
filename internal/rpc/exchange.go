package rpc

import (
	"bytes"
	"encoding/json"
	"strings"
	"sync"
)

// exchange is one request's scratch state: the body it read, the calls it
// resolved and the response it builds. Exchanges are pooled so that a call
// allocates little beyond what the procedure and encoding/json need.
type exchange struct {
	out     bytes.Buffer
	enc     *json.Encoder // writes into out; kept with it so it is built once
	body    bytes.Buffer
	paths   []string
	procs   []*Procedure
	inputs  []json.RawMessage
	results []result
}

// maxPooled keeps the odd huge body or response from staying alive in the pool.
const maxPooled = 64 << 10

var exchangePool = sync.Pool{New: func() any {
	x := &exchange{}
	x.enc = json.NewEncoder(&x.out)
	x.enc.SetEscapeHTML(false) // byte-for-byte what JSON.stringify sends
	return x
}}

func getExchange() *exchange { return exchangePool.Get().(*exchange) }

// release drops every reference the exchange holds (outputs, inputs, paths)
// and returns it to the pool.
func (x *exchange) release() {
	clear(x.paths)
	clear(x.procs)
	clear(x.inputs)
	clear(x.results)
	x.paths, x.procs, x.inputs, x.results = x.paths[:0], x.procs[:0], x.inputs[:0], x.results[:0]
	if x.out.Cap() > maxPooled || x.body.Cap() > maxPooled {
		return
	}
	x.out.Reset()
	x.body.Reset()
	exchangePool.Put(x)
}

// setPaths splits a batch path on "," (or takes a single path) into x.paths.
func (x *exchange) setPaths(path string, batch bool) {
	if !batch {
		x.paths = append(x.paths, path)
	} else {
		for {
			p, rest, more := strings.Cut(path, ",")
			x.paths = append(x.paths, p)
			if !more {
				break
			}
			path = rest
		}
	}
	n := len(x.paths)
	x.procs = grow(x.procs, n)
	x.inputs = grow(x.inputs, n)
	x.results = grow(x.results, n)
}

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
