package rpc

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"lockers/internal/apperr"
)

// result is one call's outcome, kept until the response is written in index order.
type result struct {
	value any
	err   *wireError
}

// run executes the calls and writes the response. Queries of a batch that may
// wait (on the database) run in parallel, as tRPC does, since they have no side
// effects; those that answer from memory, and unknown paths, run in the
// request's goroutine, as does one of the waiting ones. Mutations run in index
// order so that a batch's writes happen in the order the client issued them.
func (h *handler) run(ctx context.Context, w http.ResponseWriter, r *http.Request, x *exchange, batch bool) {
	paths, procs, inputs, results := x.paths, x.procs, x.inputs, x.results
	if len(paths) > 1 && procs[0] != nil && procs[0].Kind == KindQuery {
		here := func(p *Procedure) bool { return p == nil || p.Memory }
		var wg sync.WaitGroup
		waiting := -1 // the first waiting call, which runs here too
		for i := range paths {
			switch {
			case here(procs[i]):
			case waiting < 0:
				waiting = i
			default:
				wg.Go(func() { results[i] = h.call(ctx, r.Method, paths[i], procs[i], inputs[i]) })
			}
		}
		for i := range paths {
			if i == waiting || here(procs[i]) {
				results[i] = h.call(ctx, r.Method, paths[i], procs[i], inputs[i])
			}
		}
		wg.Wait()
	} else {
		for i := range paths {
			results[i] = h.call(ctx, r.Method, paths[i], procs[i], inputs[i])
		}
	}

	b := &x.out
	stream := batch && wantsJSONL(r)
	switch {
	case stream:
		b.WriteByte('{')
	case batch:
		b.WriteByte('[')
	}
	status := 0
	for i := range results {
		if i > 0 {
			b.WriteByte(',')
		}
		if stream { // head line of httpBatchStreamLink with every value resolved: "i":[[envelope]]
			b.WriteByte('"')
			b.WriteString(strconv.Itoa(i))
			b.WriteString(`":[[`)
		}
		s := h.appendOutcome(ctx, x, paths[i], &results[i])
		if stream {
			b.WriteString(`]]`)
		}
		if status == 0 {
			status = s
		} else if status != s {
			status = http.StatusMultiStatus
		}
		if s == http.StatusMethodNotAllowed {
			w.Header().Set("Allow", allowFor(procs[i]))
		}
	}
	switch {
	case stream:
		b.WriteString("}\n")
		status = http.StatusOK // the stream link reads any non-2xx as one request-level error
	case batch:
		b.WriteByte(']')
	}
	writeBody(w, status, b)
}

// appendOutcome writes one envelope and returns the item's HTTP status.
func (h *handler) appendOutcome(ctx context.Context, x *exchange, path string, r *result) int {
	b := &x.out
	if r.err == nil {
		err := appendResult(b, x.enc, r.value)
		if err == nil {
			return http.StatusOK
		}
		e := h.toWire(ctx, path, err) // an output that cannot be encoded is our fault
		r.err = &e
	}
	appendError(b, *r.err, path, true)
	return r.err.status
}

// call runs one procedure: existence, method, access, then the procedure itself
// (which decodes and validates its input). A panic becomes an internal error.
func (h *handler) call(ctx context.Context, method, path string, p *Procedure, raw json.RawMessage) (res result) {
	start := time.Now()
	defer func() {
		if v := recover(); v != nil {
			e := h.recovered(ctx, path, v)
			res = result{err: &e}
		}
		if h.opts.Observe != nil {
			name, code := path, ""
			if p == nil {
				name = ""
			}
			if res.err != nil {
				code = string(res.err.appCode)
			}
			h.opts.Observe(name, code, time.Since(start))
		}
	}()
	if p == nil {
		e := protocolError(apperr.NotFound, apperr.GeneralError, "No procedure found on path %q", truncate(path, 200))
		return result{err: &e}
	}
	if want := allowFor(p); method != want {
		e := protocolError(methodNotSupported, apperr.GeneralError,
			"Unsupported %s-request to %s procedure at path %q", method, p.Kind, path)
		return result{err: &e}
	}
	if err := checkAccess(ctx, p.Access); err != nil {
		e := h.toWire(ctx, path, err)
		return result{err: &e}
	}
	if h.opts.Admit != nil {
		if err := h.opts.Admit(ctx, path); err != nil {
			e := h.toWire(ctx, path, err)
			return result{err: &e}
		}
	}
	v, err := p.Call(ctx, raw)
	if err != nil {
		e := h.toWire(ctx, path, err)
		return result{err: &e}
	}
	return result{value: v}
}

// allowFor is the one method a procedure accepts (no methodOverride).
func allowFor(p *Procedure) string {
	if p.Kind == KindMutation {
		return http.MethodPost
	}
	return http.MethodGet
}

// wantsJSONL reports a call from httpBatchStreamLink (docs/protocol.md §5), which
// asks for JSON Lines through trpc-accept or, with streamHeader:'accept', Accept.
func wantsJSONL(r *http.Request) bool {
	return r.Header.Get("Trpc-Accept") == "application/jsonl" ||
		strings.Contains(r.Header.Get("Accept"), "application/jsonl")
}
