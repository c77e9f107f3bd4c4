package archtest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCitationsResolve fails when a document (docs/, README.md, deploy/) or a
// code comment cites a path, make target, lockerd subcommand, test or Go
// symbol that is not there (the rules: citations_test.go).
func TestCitationsResolve(t *testing.T) {
	ix, err := newCiteIndex(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(ix.docs) < 10 || len(ix.sources) < 300 || len(ix.subcommands) < 8 || len(ix.makeTargets) < 10 {
		t.Fatalf("read only %d documents, %d sources, %d subcommands, %d make targets; is the walk wrong?",
			len(ix.docs), len(ix.sources), len(ix.subcommands), len(ix.makeTargets))
	}
	problems, checked, err := ix.check()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
	t.Logf("checked %d citations in %d documents and %d source files", checked, len(ix.docs), len(ix.sources))
	if checked < 1000 {
		t.Errorf("checked only %d citations; is the scan wrong?", checked)
	}
}

// TestCitationCheckerFindsPlantedFaults plants one broken citation of each
// kind in a small repository and wants each reported, and the good ones not.
func TestCitationCheckerFindsPlantedFaults(t *testing.T) {
	root := t.TempDir()
	write := func(rel, text string) {
		t.Helper()
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("Makefile", "build:\n\tgo build\ntest-go:\n\tgo test\n")
	write("cmd/lockerd/main.go", "package main\n\nfunc run(cmd string) {\n\tswitch cmd {\n\tcase \"serve\", \"seed\":\n\t}\n}\n")
	write("internal/gate/gate.go", "package gate\n\n// Clean is checked by TestClean; see web/src/lib/missing.ts.\nfunc Clean() {}\n\ntype Gate struct{ Max int }\n")
	write("internal/gate/gate_test.go", "package gate\n\nimport \"testing\"\n\nfunc TestClean(t *testing.T) {}\n")
	write("web/src/lib/format.ts", "// Dates as `lib/format.ts` and `lib/gone.ts`; money in internal/money.\nexport const x = 1;\n")
	write("docs/x.md", strings.Join([]string{
		"Good: `internal/gate/gate.go:Clean`, `gate.Gate.Max`, TestClean, `make build test-go`, `lockerd seed`, `go vet ./internal/gate/...`,",
		"internal/gate/{gate,gate_test}.go, web/src/lib/*.ts, `lib/format.ts`, web/dist/index.html, `docs/{name}.md`.",
		"Bad: internal/nowhere.go, `internal/gate/gate.go:Dirty`, TestDirty, BenchmarkNone, `make test-all`, `go test ./internal/nogo/...`,",
		"`lockerd restore`, `gate.Open`, `gate.Gate.Min`, `gate.go`, `sub/none.ts`, docs/{x,y}.md.",
		"```sh",
		"make build && ./bin/lockerd seed   # good",
		"make lint && ./bin/lockerd restore # bad, twice",
		"```",
		"## Rules",
		"See docs/x.md, \"Rules\" (good) and docs/x.md \"Nowhere\" (bad).",
	}, "\n"))

	ix, err := newCiteIndex(root)
	if err != nil {
		t.Fatal(err)
	}
	problems, _, err := ix.check()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range problems {
		got = append(got, p.String())
	}
	report := strings.Join(got, "\n")
	want := []string{
		"internal/gate/gate.go:3: cites web/src/lib/missing.ts",
		"web/src/lib/format.ts:1: cites `lib/gone.ts`",
		"web/src/lib/format.ts:1: cites internal/money",
		"docs/x.md:3: cites internal/nowhere.go",
		"docs/x.md:3: cites `internal/gate/gate.go:Dirty`",
		"docs/x.md:3: cites TestDirty",
		"docs/x.md:3: cites BenchmarkNone",
		"docs/x.md:3: cites `make test-all`",
		"docs/x.md:3: cites internal/nogo,",
		"docs/x.md:4: cites `lockerd restore`",
		"docs/x.md:4: cites gate.Open",
		"docs/x.md:4: cites gate.Gate.Min",
		"docs/x.md:4: cites `gate.go`",
		"docs/x.md:4: cites `sub/none.ts`",
		"docs/x.md:4: cites docs/{x,y}.md",
		"docs/x.md:7: cites `make lint`",
		"docs/x.md:7: cites `lockerd restore`",
		`docs/x.md:10: cites docs/x.md "Nowhere"`,
	}
	for _, w := range want {
		if !strings.Contains(report, w) {
			t.Errorf("the checker did not report %q; it reported:\n%s", w, report)
		}
	}
	if len(problems) != len(want) {
		t.Errorf("want %d problems, got %d:\n%s", len(want), len(problems), report)
	}
}

// TestDecisionIndexListsEveryRecord: docs/decisions/README.md has a line for
// every record, so the index is where a reader finds them all.
func TestDecisionIndexListsEveryRecord(t *testing.T) {
	index, err := os.ReadFile(filepath.Join(root, "docs/decisions/README.md"))
	if err != nil {
		t.Fatal(err)
	}
	records, err := filepath.Glob(filepath.Join(root, "docs/decisions/[0-9][0-9][0-9]-*.md"))
	if err != nil || len(records) < 20 {
		t.Fatalf("found %d decision records (%v)", len(records), err)
	}
	for _, r := range records {
		if name := filepath.Base(r); !strings.Contains(string(index), "("+name+")") {
			t.Errorf("docs/decisions/README.md does not list %s", name)
		}
	}
}
