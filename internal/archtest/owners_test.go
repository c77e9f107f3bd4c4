package archtest

import (
	"bufio"
	"go/build"
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
func owners(t *testing.T) map[string]string {
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
func migrationTables(t *testing.T) map[string]bool {
	t.Helper()
	stmt := regexp.MustCompile(`(?i)CREATE\s+(?:UNLOGGED\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?([a-z_][a-z0-9_]*)` +
		`|DROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?([a-z_][a-z0-9_]*)|ALTER\s+TABLE\s+([a-z_][a-z0-9_]*)\s+RENAME\s+TO\s+([a-z_][a-z0-9_]*)`)
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
// internal/) by package directory. Test files and test-support packages
// (those importing "testing") only set up fixtures, and tools/ holds the load
// and cluster harnesses, which fill a throwaway database the quick way; none
// of them is a writer the running service has.
func productFiles(t *testing.T) map[string][]string {
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
			out[filepath.ToSlash(rel)] = append(out[filepath.ToSlash(rel)], path)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for dir := range out {
		pkg, err := build.ImportDir(filepath.Join(root, dir), 0)
		if err != nil {
			continue // no buildable package (e.g. only ignored files)
		}
		for _, imp := range pkg.Imports {
			if imp == "testing" {
				delete(out, dir)
				break
			}
		}
	}
	return out
}

// TestEveryTableHasOneOwner: every table the migrations create is in the map,
// every table in the map exists, and each owner is a package of this module.
func TestEveryTableHasOneOwner(t *testing.T) {
	own, tables := owners(t), migrationTables(t)
	for table := range tables {
		if _, ok := own[table]; !ok {
			t.Errorf("table %s has no owner in README's Table owners", table)
		}
	}
	for table, owner := range own {
		if !tables[table] && !strings.HasPrefix(table, "river_") {
			t.Errorf("README's Table owners lists %s, which no migration creates", table)
		}
		if st, err := os.Stat(filepath.Join(root, owner)); err != nil || !st.IsDir() {
			t.Errorf("the owner of %s, %s, is not a package directory", table, owner)
		}
	}
}

// TestOneWriterPerTable: only a table's owner writes it. Every INSERT INTO,
// UPDATE and DELETE FROM (upserts included) in the product's Go sources names
// its table in the literal and sits in the owner's package; migrations are
// SQL files and not read here.
func TestOneWriterPerTable(t *testing.T) {
	own := owners(t)
	var problems []string
	for dir, files := range productFiles(t) {
		for _, f := range files {
			writes, err := FileWrites(f, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range writes {
				owner, ok := own[w.Table]
				switch {
				case w.Table == "":
					problems = append(problems, w.Pos+": a write whose table is not in the statement's text")
				case !ok:
					problems = append(problems, w.Pos+": writes "+w.Table+", which has no owner in README's Table owners")
				case owner != dir:
					problems = append(problems, w.Pos+": "+dir+" writes "+w.Table+", whose only writer is "+owner)
				}
			}
		}
	}
	sort.Strings(problems)
	for _, p := range problems {
		t.Error(p)
	}
}

// TestWritesFound: the scanner sees every form of write the code uses, and
// only those, so the rule above can fail.
func TestWritesFound(t *testing.T) {
	for text, want := range map[string]string{
		`INSERT INTO orders (id) VALUES ($1)`:                                 "orders",
		`INSERT INTO coupon_packs (code) VALUES ($1) ON CONFLICT DO NOTHING`:  "coupon_packs",
		`INSERT INTO t (a) VALUES (1) ON CONFLICT (a) DO UPDATE SET a = 2`:    "t",
		"UPDATE order_lockers\n\tSET status = $2 WHERE id = $1":               "order_lockers",
		`DELETE FROM station_prices WHERE station_id = $1`:                    "station_prices",
		`WITH q AS (SELECT 1) INSERT INTO door_commands (id) SELECT 1 FROM q`: "door_commands",
		`SELECT id FROM orders WHERE id = $1 FOR UPDATE`:                      "",
		`SELECT id FROM river_job FOR UPDATE SKIP LOCKED`:                     "",
		`INSERT OR IGNORE INTO lockers (id) VALUES (1)`:                       "lockers",
		`UPDATE `: "?",
	} {
		got := strings.Join(SQLWrites(text), ",")
		if want == "?" {
			want = ""
			if len(SQLWrites(text)) != 1 {
				t.Errorf("%q: %q, want one write without a table", text, got)
			}
			continue
		}
		if got != want {
			t.Errorf("%q: %q, want %q", text, got, want)
		}
	}
	src := "package p\nconst q = `UPDATE users SET x = 1`\nvar r = \"DELETE FROM \" + table\n"
	writes, err := FileWrites("p.go", src)
	if err != nil || len(writes) != 2 || writes[0].Table != "users" || writes[1].Table != "" {
		t.Errorf("FileWrites: %+v, %v", writes, err)
	}
}
