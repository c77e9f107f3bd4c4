package tsgen

import (
	"context"
	"strings"
	"testing"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/rpc"
)

type child struct {
	Name string `json:"name"`
}

type sample struct {
	ID     string           `json:"id"`
	Count  int64            `json:"count"`
	Ratio  float64          `json:"ratio"`
	OK     bool             `json:"ok"`
	At     time.Time        `json:"at"`
	Maybe  *string          `json:"maybe"`
	Omit   *string          `json:"omit,omitempty"`
	Tags   []string         `json:"tags"`
	Kids   []*child         `json:"kids"`
	ByName map[string]child `json:"byName"`
	Kind   string           `json:"kind" ts:"'a' | 'b'"`
	Hidden string           `json:"-"`
	//lint:ignore U1000 an unexported field the generator must leave out; nothing reads it
	internal string
}

func TestGenerateMapsGoTypesToTypeScript(t *testing.T) {
	procs := []rpc.Procedure{
		rpc.Query("thing.get", rpc.Public, func(context.Context, child) (sample, error) { return sample{}, nil }),
		rpc.Mutation("thing.make", rpc.User, func(context.Context, rpc.Void) (child, error) { return child{}, nil }),
		rpc.Query("ping", rpc.Public, func(context.Context, rpc.Void) (string, error) { return "", nil }),
	}
	src, err := Generate([]Router{{Name: "AppRouter", Procs: procs}}, []apperr.Code{apperr.GeneralError, apperr.Cant})
	if err != nil {
		t.Fatal(err)
	}
	out := string(src)
	for _, want := range []string{
		"export type AppCode =\n  | 'GENERAL_ERROR'\n  | 'CANT';",
		"  id: string;\n", "  count: number;\n", "  ratio: number;\n", "  ok: boolean;\n", "  at: string;\n",
		"  maybe: string | null;\n", "  omit?: string;\n", "  tags: string[];\n", "  kids: (child | null)[];\n",
		"  byName: Record<string, child>;\n", "  kind: 'a' | 'b';\n",
		"export interface child {\n  name: string;\n}",
		"ping: TRPCQueryProcedure<{ input: void; output: string; meta: object }>;",
		"get: TRPCQueryProcedure<{ input: child; output: sample; meta: object }>;",
		"make: TRPCMutationProcedure<{ input: void; output: child; meta: object }>;",
		"export type AppRouter = TRPCBuiltRouter<Root, {",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q\n%s", want, out)
		}
	}
	for _, unwanted := range []string{"Hidden", "  internal:"} {
		if strings.Contains(out, unwanted) {
			t.Errorf("output contains %s", unwanted)
		}
	}
}

func TestGenerateRefusesCollidingPaths(t *testing.T) {
	procs := []rpc.Procedure{
		rpc.Query("a", rpc.Public, func(context.Context, rpc.Void) (string, error) { return "", nil }),
		rpc.Query("a.b", rpc.Public, func(context.Context, rpc.Void) (string, error) { return "", nil }),
	}
	if _, err := Generate([]Router{{Name: "R", Procs: procs}}, nil); err == nil {
		t.Fatal("a procedure and a namespace of the same name were accepted")
	}
}
