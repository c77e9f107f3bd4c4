package rpc

import (
	"context"
	"encoding/json"
	"runtime"
	"testing"

	"lockers/internal/apperr"
)

func runtimeGosched() { runtime.Gosched() }

type opt struct {
	Name *string `json:"name,omitempty"`
	N    int     `json:"n"`
}

type selfCheck struct {
	N int `json:"n"`
}

func (s *selfCheck) Validate() error {
	if s.N == 0 {
		return apperr.New(apperr.MissingParams, "n is required")
	}
	return nil
}

func TestDeclareDecoding(t *testing.T) {
	structProc := Query("s", Public, func(_ context.Context, in opt) (opt, error) { return in, nil })
	voidProc := Query("v", Public, func(context.Context, Void) (int, error) { return 1, nil })
	ptrProc := Query("p", Public, func(_ context.Context, in *selfCheck) (bool, error) { return in == nil, nil })
	cases := []struct {
		name string
		proc Procedure
		raw  string
		want string // JSON of the output, or the app code of the error
	}{
		{"struct absent", structProc, "", `{"n":0}`},
		{"struct null", structProc, " null ", `{"n":0}`},
		{"struct value", structProc, `{"name":"a","n":2}`, `{"name":"a","n":2}`},
		{"struct unknown field", structProc, `{"x":1}`, "BAD_INPUT"},
		{"struct wrong type", structProc, `{"n":"2"}`, "BAD_INPUT"},
		{"struct not an object", structProc, `[1]`, "BAD_INPUT"},
		{"struct malformed", structProc, `{"n":`, "BAD_INPUT"},
		{"void absent", voidProc, "", `1`},
		{"void empty object", voidProc, ` {} `, `1`},
		{"void number", voidProc, `5`, "BAD_INPUT"},
		{"pointer absent is nil and skips Validate", ptrProc, "", `true`},
		{"pointer validated", ptrProc, `{"n":0}`, "MISSING_PARAMS"},
		{"pointer valid", ptrProc, `{"n":3}`, `false`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var raw json.RawMessage
			if tc.raw != "" {
				raw = json.RawMessage(tc.raw)
			}
			out, err := tc.proc.Call(context.Background(), raw)
			got := ""
			if err != nil {
				got = string(apperr.CodeOf(err))
			} else {
				b, _ := json.Marshal(out)
				got = string(b)
			}
			if got != tc.want {
				t.Fatalf("got %s, want %s", got, tc.want)
			}
		})
	}
}

func TestDeclareRecordsTypes(t *testing.T) {
	p := Mutation("m", User, func(context.Context, opt) (Void, error) { return Void{}, nil })
	if p.Path != "m" || p.Kind != KindMutation || p.Access != User || p.Input.Name() != "opt" || p.Output.Name() != "Void" {
		t.Fatalf("%+v", p)
	}
	if out, err := p.Call(context.Background(), nil); out != nil || err != nil {
		t.Fatalf("void output = %v, %v; want untyped nil", out, err)
	}
}

func TestQueryParams(t *testing.T) {
	batch, in, has, err := queryParams("x=1&batch=1&input=%7B%22a%22%3A1%7D")
	if err != nil || !batch || !has || in != `{"a":1}` {
		t.Fatalf("%v %q %v %v", batch, in, has, err)
	}
	batch, _, has, err = queryParams("")
	if err != nil || batch || has {
		t.Fatal("empty query")
	}
}

func TestSplitBatchIgnoresOddKeys(t *testing.T) {
	in := make([]json.RawMessage, 3)
	err := splitBatch([]byte(`{"0":1,"2":3,"01":9,"x":9,"7":9}`), in)
	if err != nil || string(in[0]) != "1" || in[1] != nil || string(in[2]) != "3" {
		t.Fatalf("%q %v", in, err)
	}
}
