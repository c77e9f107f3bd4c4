package rpc

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"lockers/internal/apperr"
)

// The fuzz targets of the decoder and the gate
// (docs/decisions/074-hostile-input-and-fuzzing.md): their seeds below and in
// testdata/fuzz run in every go test; go test -fuzz explores further.

type fuzzInput struct {
	Name  string      `json:"name"`
	Note  string      `json:"note,omitempty" input:"text"`
	N     int         `json:"n,omitempty"`
	Items []gateInner `json:"items,omitempty"`
	Opt   *string     `json:"opt,omitempty"`
}

func fuzzProcs() []Procedure {
	echo := func(_ context.Context, in fuzzInput) (fuzzInput, error) { return in, nil }
	return []Procedure{
		Query("q", Public, echo),
		Mutation("m", Public, echo),
		Query("v", Public, func(context.Context, Void) (int, error) { return 1, nil }),
		Query("p", Public, func(_ context.Context, in *selfCheck) (bool, error) { return in == nil, nil }),
	}
}

// FuzzHandler sends arbitrary paths (batches included), query strings and
// bodies through the whole handler: it must answer well-formed JSON, never a
// 500 (a panic in decoding would be one), with catalogued codes only.
func FuzzHandler(f *testing.F) {
	h, err := NewHandler(fuzzProcs(), Options{Prefix: "/trpc", Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		MaxBatchSize: 8, MaxBodyBytes: 4096})
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []struct {
		post        bool
		path, query string
		body        string
	}{
		{false, "q", "input=%7B%22name%22%3A%22a%22%7D", ""},
		{false, "q,v,p", "batch=1&input=%7B%220%22%3A%7B%22name%22%3A%22x%22%7D%2C%222%22%3Anull%7D", ""},
		{false, "q", "input=%7B%22name%22%3A%22a%5Cu0000%22%7D", ""},
		{false, "q", "input=%FF%FE", ""},
		{false, "q", "input=%zz", ""},
		{false, "q,q,q,q,q,q,q,q,q", "batch=1", ""},
		{false, "q,m", "batch=1", ""},
		{false, ",,", "batch=1&input={}", ""},
		{true, "m", "", `{"name":"Ma\u0308ri","note":"a\nb","items":[{"label":"x"}]}`},
		{true, "m,m", "batch=1", `{"0":{"name":"a"},"1":{"name":"\ud800"}}`},
		{true, "m,m", "batch=1", `{"00":{},"99999":{},"-1":{}}`},
		{true, "m", "batch=1", `[1,2]`},
		{true, "m", "", "{\"name\":\"\xff\"}"},
		{true, "m", "", `{"name":"a"} {"name":"b"}`},
		{true, "m", "", `{"n":1e999}`},
		{true, "q", "", `{}`},
	} {
		f.Add(s.post, s.path, s.query, []byte(s.body))
	}
	f.Fuzz(func(t *testing.T, post bool, path, query string, body []byte) {
		r := &http.Request{Method: http.MethodGet, URL: &url.URL{Path: "/trpc/" + path, RawQuery: query},
			Header: http.Header{}, Body: http.NoBody}
		if post {
			r.Method = http.MethodPost
			r.Header.Set("Content-Type", "application/json")
			r.Body = io.NopCloser(bytes.NewReader(body))
			r.ContentLength = int64(len(body))
		}
		r = r.WithContext(context.Background())
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code >= 500 {
			t.Fatalf("%d %s", w.Code, w.Body.String())
		}
		if !json.Valid(w.Body.Bytes()) || !utf8.Valid(w.Body.Bytes()) {
			t.Fatalf("answer is not JSON: %q", w.Body.String())
		}
		checkCodes(t, w.Body.Bytes())
	})
}

// checkCodes fails on an appCode that is not in the catalogue, anywhere in an
// answer (one envelope or a batch of them).
func checkCodes(t *testing.T, body []byte) {
	var one struct {
		Error *struct {
			Data struct {
				AppCode string `json:"appCode"`
			} `json:"data"`
		} `json:"error"`
	}
	var many []json.RawMessage
	if json.Unmarshal(body, &many) == nil {
		for _, m := range many {
			checkCodes(t, m)
		}
		return
	}
	if json.Unmarshal(body, &one) == nil && one.Error != nil && !apperr.Known(apperr.Code(one.Error.Data.AppCode)) {
		t.Fatalf("uncatalogued appCode %q in %s", one.Error.Data.AppCode, body)
	}
}

// FuzzGate checks the string gate's promise: what it lets through is valid
// UTF-8, NFC, free of control characters (but tab and line breaks in free
// text) and within its cap; and passing it again changes nothing.
func FuzzGate(f *testing.F) {
	for _, s := range []string{"", "Mari", "Ma\u0308ri", "a\x00b", "a\nb\tc\r", "\xff", "\u0085", "\ufffd",
		"e\u0301\u0301\u0301", "\u1100\u1161\u11a8", "ﬁ", "x\u200by", "\U0001F600"} {
		f.Add(s, false, uint16(8))
		f.Add(s, true, uint16(3))
	}
	f.Fuzz(func(t *testing.T, s string, text bool, max uint16) {
		rule := fieldRule{text: text, max: int(max%512) + 1}
		out, err := cleanString(s, rule, "f")
		if err != nil {
			if ae, ok := apperr.As(err); !ok || ae.Code != apperr.BadInput || ae.Field != "f" {
				t.Fatalf("refusal %v", err)
			}
			return
		}
		if !utf8.ValidString(out) || !norm.NFC.IsNormalString(out) || utf8.RuneCountInString(out) > rule.max {
			t.Fatalf("%q let through as %q", s, out)
		}
		for _, r := range out {
			if r == utf8.RuneError || (r < 0x20 || (r >= 0x7f && r <= 0x9f)) && !(text && (r == '\t' || r == '\n' || r == '\r')) {
				t.Fatalf("%q let through with %U", s, r)
			}
		}
		if again, err := cleanString(out, rule, "f"); err != nil || again != out {
			t.Fatalf("not idempotent: %q → %q → %q, %v", s, out, again, err)
		}
	})
}
