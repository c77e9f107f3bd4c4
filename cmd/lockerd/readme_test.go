package main

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"lockers/internal/config"
)

// readmeSection is the text of README.md from the heading "## name" to the
// next "## " heading.
func readmeSection(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	start := strings.Index(s, "\n## "+name+"\n")
	if start < 0 {
		t.Fatalf("README.md has no section %q", name)
	}
	s = s[start+1:]
	if end := strings.Index(s[3:], "\n## "); end >= 0 {
		s = s[:end+3]
	}
	return s
}

// TestREADMENamesEveryPackageFolder: every folder of internal/ and tools/ is
// named in the architecture list, so a new package cannot go undescribed.
func TestREADMENamesEveryPackageFolder(t *testing.T) {
	section := readmeSection(t, "Architecture")
	var named int
	for _, top := range []string{"internal", "tools"} {
		entries, err := os.ReadDir(filepath.Join(repoRoot, top))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if !e.IsDir() {
				continue
			}
			named++
			if !strings.Contains(section, "`"+top+"/"+e.Name()+"`") {
				t.Errorf("README.md's architecture list does not name `%s/%s`", top, e.Name())
			}
		}
	}
	if named < 20 {
		t.Fatalf("found only %d package folders; is the walk wrong?", named)
	}
}

// TestREADMENamesEverySubcommand: every command run dispatches (read from
// main.go's first switch on cmd) is in the architecture list's cmd/lockerd entry.
func TestREADMENamesEverySubcommand(t *testing.T) {
	section := readmeSection(t, "Architecture")
	cmds := subcommands(t)
	if len(cmds) < 8 {
		t.Fatalf("found only %d subcommands in main.go: %v", len(cmds), cmds)
	}
	for _, c := range cmds {
		if !strings.Contains(section, "`"+c+"`") && !strings.Contains(section, "`"+c+" ") {
			t.Errorf("README.md's architecture list does not name the subcommand %q", c)
		}
	}
}

// subcommands are the string cases of run's first `switch cmd`, less help.
func subcommands(t *testing.T) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "main.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var cmds []string
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Name.Name != "run" {
			continue
		}
		for _, st := range fn.Body.List {
			sw, ok := st.(*ast.SwitchStmt)
			if !ok {
				continue
			}
			if id, isIdent := sw.Tag.(*ast.Ident); !isIdent || id.Name != "cmd" {
				continue
			}
			for _, c := range sw.Body.List {
				for _, e := range c.(*ast.CaseClause).List {
					lit, ok := e.(*ast.BasicLit)
					if !ok {
						continue
					}
					name, _ := strconv.Unquote(lit.Value)
					if name != "help" && !strings.HasPrefix(name, "-") {
						cmds = append(cmds, name)
					}
				}
			}
			return cmds
		}
	}
	t.Fatal("main.go: no `switch cmd` in run")
	return nil
}

// TestOperationsLinksTheTable: docs/operations.md points at the README's table
// instead of a copy of it, which drifted before.
func TestOperationsLinksTheTable(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(repoRoot, "docs/operations.md"))
	if err != nil {
		t.Fatal(err)
	}
	ops := string(b)
	if !strings.Contains(ops, "../README.md#configuration") {
		t.Error("docs/operations.md does not link README.md#configuration")
	}
	if strings.Contains(ops, "| Variable | Default |") || strings.Contains(ops, "| `HTTP_ADDR` |") {
		t.Error("docs/operations.md copies the configuration table; link README.md#configuration instead")
	}
}

// TestREADMEDocumentsEveryVariable keeps the README's configuration table in step
// with what the binary reads (regenerate it with `lockerd env -markdown`): every
// variable has its row, and the table is the command's output row for row, so a
// changed default or description shows up as well as a new variable.
func TestREADMEDocumentsEveryVariable(t *testing.T) {
	section := readmeSection(t, "Configuration")
	for _, v := range config.Vars {
		if !strings.Contains(section, "| `"+v.Name+"` |") {
			t.Errorf("README.md does not document %s (paste `lockerd env -markdown`)", v.Name)
		}
	}
	var out, errOut bytes.Buffer
	if code := run([]string{"env", "-markdown"}, &out, &errOut); code != 0 {
		t.Fatal(errOut.String())
	}
	if !strings.Contains(section, out.String()) {
		t.Errorf("README.md's configuration table is not `lockerd env -markdown`; paste its output:\n%s", out.String())
	}
}
