package rpc

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"lockers/internal/apperr"
)

// Options configure NewHandler.
type Options struct {
	// Context runs once per HTTP request before any procedure: it may add the
	// caller's identity (identity.With) to ctx. A returned error answers the whole
	// request with that error (an *apperr.Error gives its code; anything else is
	// an internal error).
	Context func(ctx context.Context, r *http.Request) (context.Context, error)
	// Prefix is the path the handler is mounted at ("/c-core/trpc/hybrid"); it is
	// trimmed from r.URL.Path in place of http.StripPrefix, which copies the request.
	Prefix       string
	MaxBatchSize int      // default 32; larger batch → 400 BAD_INPUT request-level error
	MaxBodyBytes int64    // default 1 MiB; larger → 413 PAYLOAD_TOO_LARGE, appCode BAD_INPUT
	CORSOrigins  []string // exact origins allowed for CORS (with credentials)
	Logger       *slog.Logger
	// Admit runs before each call's procedure, once access is granted: a
	// returned error answers that call alone (the budgets of expensive
	// writes per user, counted per call so that a batch pays for each).
	Admit func(ctx context.Context, path string) error
	// Observe is called once per procedure call: path ("" when unknown), the
	// appCode ("" on success) and the duration.
	Observe func(path, appCode string, d time.Duration)
}

type handler struct {
	procs   map[string]*Procedure
	opts    Options
	log     *slog.Logger
	origins map[string]struct{}
}

// NewHandler serves procs by the tRPC v11 HTTP protocol at opts.Prefix: the rest
// of r.URL.Path is "/<path>" or "/<path>,<path>".
func NewHandler(procs []Procedure, opts Options) (http.Handler, error) {
	h := &handler{procs: make(map[string]*Procedure, len(procs)), opts: opts, log: opts.Logger}
	for i := range procs {
		p := &procs[i]
		switch {
		case p.Path == "" || strings.ContainsAny(p.Path, ",/?"):
			return nil, fmt.Errorf("rpc: invalid procedure path %q", p.Path)
		case p.Call == nil:
			return nil, fmt.Errorf("rpc: procedure %q has no implementation", p.Path)
		case p.Kind != KindQuery && p.Kind != KindMutation:
			return nil, fmt.Errorf("rpc: procedure %q has unknown kind %q", p.Path, p.Kind)
		}
		if _, dup := h.procs[p.Path]; dup {
			return nil, fmt.Errorf("rpc: duplicate procedure path %q", p.Path)
		}
		h.procs[p.Path] = p
	}
	if h.opts.MaxBatchSize <= 0 {
		h.opts.MaxBatchSize = 32
	}
	if h.opts.MaxBodyBytes <= 0 {
		h.opts.MaxBodyBytes = 1 << 20
	}
	if h.log == nil {
		h.log = slog.Default()
	}
	if len(opts.CORSOrigins) > 0 {
		h.origins = make(map[string]struct{}, len(opts.CORSOrigins))
		for _, o := range opts.CORSOrigins {
			h.origins[o] = struct{}{}
		}
	}
	return h, nil
}

// Shared header values: assigning them avoids building a slice per response.
var (
	hdrJSON       = []string{"application/json"}
	hdrVary       = []string{"trpc-accept, accept"}
	hdrVaryOrigin = []string{"Origin", "trpc-accept, accept"}
	hdrNoStore    = []string{"no-store"}
)

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hdr := w.Header()
	allowed := h.cors(hdr, r)
	switch r.Method {
	case http.MethodOptions:
		h.varyOrigin(hdr)
		h.preflight(w, r, allowed)
		return
	case http.MethodHead: // lambda warm-up in tRPC; cheap liveness for us
		h.varyOrigin(hdr)
		w.WriteHeader(http.StatusNoContent)
		return
	}
	hdr["Content-Type"] = hdrJSON
	vary := hdrVary
	if h.origins != nil {
		vary = hdrVaryOrigin
	}
	if prev := hdr["Vary"]; len(prev) > 0 {
		hdr["Vary"] = append(prev, vary...)
	} else {
		hdr["Vary"] = vary
	}
	hdr["Cache-Control"] = hdrNoStore // answers depend on the caller's token
	start := time.Now()
	if r.Method != http.MethodGet && r.Method != http.MethodPost {
		hdr.Set("Allow", "GET, POST, HEAD, OPTIONS")
		h.requestError(w, nil, start, protocolError(methodNotSupported, apperr.GeneralError,
			"Unsupported %s-request", sanitizeMethod(r.Method)))
		return
	}
	h.serve(w, r, start)
}

// serve handles GET and POST: parse, resolve, authenticate once, run, answer.
func (h *handler) serve(w http.ResponseWriter, r *http.Request, start time.Time) {
	path := strings.TrimPrefix(strings.TrimPrefix(r.URL.Path, h.opts.Prefix), "/")
	batch, qInput, hasQInput, err := queryParams(r.URL.RawQuery)
	if err != nil {
		h.requestError(w, nil, start, h.toWire(r.Context(), "", err))
		return
	}
	if batch && strings.Count(path, ",") >= h.opts.MaxBatchSize {
		h.requestError(w, nil, start, protocolError(apperr.BadRequest, apperr.BadInput,
			"Batch of %d calls exceeds the maximum of %d", strings.Count(path, ",")+1, h.opts.MaxBatchSize))
		return
	}
	x := getExchange()
	defer x.release()
	x.setPaths(path, batch)

	var raw []byte
	if r.Method == http.MethodPost {
		if werr := h.readBody(r, &x.body); werr != nil {
			h.requestError(w, x.paths, start, *werr)
			return
		}
		raw = x.body.Bytes()
	} else if hasQInput {
		raw = []byte(qInput)
	}

	var kind Kind
	for i, p := range x.paths {
		proc := h.procs[p]
		x.procs[i] = proc
		if proc == nil {
			continue
		}
		if kind != "" && proc.Kind != kind {
			h.requestError(w, x.paths, start, protocolError(apperr.BadRequest, apperr.BadInput,
				"Cannot mix procedure types in call: query, mutation"))
			return
		}
		kind = proc.Kind
	}

	if batch {
		if err := splitBatch(raw, x.inputs); err != nil {
			h.requestError(w, x.paths, start, h.toWire(r.Context(), "", err))
			return
		}
	} else {
		x.inputs[0] = raw
	}

	ctx := withCalls(r.Context(), len(x.paths))
	if h.opts.Context != nil {
		if ctx, err = h.opts.Context(ctx, r); err != nil {
			h.requestError(w, x.paths, start, h.toWire(r.Context(), "", err))
			return
		}
	}
	if ctx == nil { // a hook that returns no context keeps the request's
		ctx = withCalls(r.Context(), len(x.paths))
	}
	h.run(ctx, w, r, x, batch)
}

// readBody enforces the JSON content type and the size limit and reads the body
// into b.
func (h *handler) readBody(r *http.Request, b *bytes.Buffer) *wireError {
	ct := r.Header.Get("Content-Type")
	if !strings.HasPrefix(strings.ToLower(ct), "application/json") {
		e := protocolError(unsupportedMediaType, apperr.BadInput, "Unsupported content-type %q", truncate(ct, 100))
		return &e
	}
	if r.ContentLength > h.opts.MaxBodyBytes {
		e := tooLarge(h.opts.MaxBodyBytes)
		return &e
	}
	if _, err := b.ReadFrom(http.MaxBytesReader(nil, r.Body, h.opts.MaxBodyBytes)); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			e := tooLarge(h.opts.MaxBodyBytes)
			return &e
		}
		e := protocolError(apperr.BadRequest, apperr.BadInput, "Could not read the request body")
		return &e
	}
	return nil
}

func tooLarge(limit int64) wireError {
	return protocolError(payloadTooLarge, apperr.BadInput, "Request body exceeds %d bytes", limit)
}

// requestError answers the whole request with one error object (not an array):
// the client applies it to every call of a batch. Each named path is still
// observed so metrics see the failed calls.
func (h *handler) requestError(w http.ResponseWriter, paths []string, start time.Time, e wireError) {
	if h.opts.Observe != nil {
		d := time.Since(start)
		if len(paths) == 0 {
			h.opts.Observe("", string(e.appCode), d)
		}
		for _, p := range paths {
			if h.procs[p] == nil {
				p = ""
			}
			h.opts.Observe(p, string(e.appCode), d)
		}
	}
	x := getExchange()
	defer x.release()
	appendError(&x.out, e, "", false)
	writeBody(w, e.status, &x.out)
}

// writeBody sends the finished response. Small bodies get their Content-Length
// from net/http itself (it buffers them); larger ones are sized here.
func writeBody(w http.ResponseWriter, status int, b *bytes.Buffer) {
	if b.Len() >= 2048 {
		w.Header()["Content-Length"] = []string{strconv.Itoa(b.Len())}
	}
	w.WriteHeader(status)
	_, _ = w.Write(b.Bytes())
}

// varyOrigin marks answers that depend on the Origin header (CORS is on).
func (h *handler) varyOrigin(hdr http.Header) {
	if h.origins != nil {
		hdr.Add("Vary", "Origin")
	}
}

// sanitizeMethod keeps a client-chosen method name printable and short.
func sanitizeMethod(m string) string {
	for i := 0; i < len(m); i++ {
		if m[i] < 'A' || m[i] > 'Z' {
			return "unknown"
		}
	}
	return truncate(m, 16)
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}
