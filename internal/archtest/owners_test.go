package archtest

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// root is the module's root, two levels above this package.
var root = filepath.Join("..", "..")

// owners reads the table → owner map from README's "Table owners" section: a
// Markdown table whose rows name the tables (in backticks, comma-separated)
// and the one package that writes them.
func owners(t *testing.T, root string) map[string]string {
	t.Helper()
	f, err := os.Open(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ticked := regexp.MustCompile("`([^`]+)`")
	out := map[string]string{}
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			in = strings.TrimLeft(line, "# ") == "Table owners"
			continue
		}
		if !in || !strings.HasPrefix(line, "|") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		if len(cells) < 2 {
			continue
		}
		owner := ticked.FindStringSubmatch(cells[1])
		if owner == nil {
			continue // the header and its rule
		}
		for _, m := range ticked.FindAllStringSubmatch(cells[0], -1) {
			if prev, ok := out[m[1]]; ok {
				t.Errorf("README, Table owners: %s is listed twice (%s, %s)", m[1], prev, owner[1])
			}
			out[m[1]] = owner[1]
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatal(`README.md has no "Table owners" section with a table of tables and owners`)
	}
	return out
}

// migrationTables lists the tables the migrations leave (both dialects): those
// created in an Up section, less those dropped or renamed away later (SQLite
// rebuilds a table as x_new and renames it).
func migrationTables(t *testing.T, root string) map[string]bool {
	t.Helper()
	name := `["` + "`" + `]?([a-z_][a-z0-9_]*)["` + "`" + `]?` // bare or quoted
	stmt := regexp.MustCompile(`(?i)CREATE\s+(?:UNLOGGED\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?` + name +
		`|DROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?` + name + `|ALTER\s+TABLE\s+` + name + `\s+RENAME\s+TO\s+` + name)
	out := map[string]bool{}
	for _, dialect := range []string{"postgres", "sqlite"} {
		files, err := filepath.Glob(filepath.Join(root, "internal", "store", "migrations", dialect, "*.sql"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no %s migrations: %v", dialect, err)
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			up, _, _ := strings.Cut(string(b), "-- +goose Down")
			for _, m := range stmt.FindAllStringSubmatch(up, -1) {
				switch {
				case m[1] != "":
					out[strings.ToLower(m[1])] = true
				case m[2] != "":
					delete(out, strings.ToLower(m[2]))
				default:
					delete(out, strings.ToLower(m[3]))
					out[strings.ToLower(m[4])] = true
				}
			}
		}
	}
	return out
}

// productFiles lists the non-test Go files of the product (cmd/ and
// internal/) by package directory. Test files and test-support packages (named
// *test, like storetest, or under a testutil folder; imports_test.go keeps the
// product from importing them) only set up fixtures, and tools/ holds the load
// and cluster harnesses, which fill a throwaway database the quick way; none of
// them is a writer the running service has. A package is judged by its name,
// never by what it imports: importing "testing" does not excuse a write.
func productFiles(t *testing.T, root string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, top := range []string{"cmd", "internal"} {
		err := filepath.WalkDir(filepath.Join(root, top), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if n := d.Name(); n == "testdata" || n == "node_modules" || strings.HasPrefix(n, ".") {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			rel, err := filepath.Rel(root, filepath.Dir(path))
			if err != nil {
				return err
			}
			rel = filepath.ToSlash(rel)
			if testSupport(rel) {
				return nil
			}
			out[rel] = append(out[rel], path)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// ownershipProblems lists every write in the product's Go code that is not its
// table's owner's, or whose table the code does not prove, and every exported
// name that holds a write.
func ownershipProblems(t *testing.T, root string) []string {
	t.Helper()
	own := owners(t, root)
	var problems []string
	for dir, files := range productFiles(t, root) {
		srcs := map[string]any{}
		for _, f := range files {
			srcs[f] = nil
		}
		writes, exported, err := PackageWrites(srcs)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range exported {
			problems = append(problems, e+": an exported name holds a write, which another package could run")
		}
		for _, w := range writes {
			owner, ok := own[w.Table]
			switch {
			case w.Table == "":
				problems = append(problems, w.Pos+": a write whose table the code does not prove (a variable, a call or a %s)")
			case !ok:
				problems = append(problems, w.Pos+": writes "+w.Table+", which has no owner in README's Table owners")
			case owner != dir:
				problems = append(problems, w.Pos+": "+dir+" writes "+w.Table+", whose only writer is "+owner)
			}
		}
	}
	sort.Strings(problems)
	return problems
}

// TestEveryTableHasOneOwner: every table the migrations create is in the map,
// every table in the map exists, and each owner is a package of this module.
func TestEveryTableHasOneOwner(t *testing.T) {
	for _, p := range tableOwnerProblems(t, root) {
		t.Error(p)
	}
}

func tableOwnerProblems(t *testing.T, root string) []string {
	t.Helper()
	own, tables := owners(t, root), migrationTables(t, root)
	var problems []string
	for table := range tables {
		if _, ok := own[table]; !ok {
			problems = append(problems, "table "+table+" has no owner in README's Table owners")
		}
	}
	for table, owner := range own {
		if !tables[table] && !strings.HasPrefix(table, "river_") {
			problems = append(problems, "README's Table owners lists "+table+", which no migration creates")
		}
		if st, err := os.Stat(filepath.Join(root, owner)); err != nil || !st.IsDir() {
			problems = append(problems, "the owner of "+table+", "+owner+", is not a package directory")
		}
	}
	sort.Strings(problems)
	return problems
}

// TestOneWriterPerTable: only a table's owner writes it (writes_test.go says
// how writes are found); migrations are SQL files and not read here.
func TestOneWriterPerTable(t *testing.T) {
	for _, p := range ownershipProblems(t, root) {
		t.Error(p)
	}
}
