package archtest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The rules above run on the real tree; the tests here plant one fault each in
// a small module of the same shape and check that the rule reports it, so that
// a rule which stopped seeing anything would fail here.

// fixture is a module named like this one with two domains, each the owner
// of one table, plus the extra files given (path → source).
func fixture(t *testing.T, extra map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":              "module lockers\n\ngo 1.22\n",
		"cmd/lockerd/main.go": "package main\n\nfunc main() {}\n",
		"README.md": "# Fixture\n\n### Table owners\n\n| Tables | Owner |\n|---|---|\n" +
			"| `orders` | `internal/order/ordersql` |\n| `users` | `internal/user/usersql` |\n",
		"internal/store/migrations/postgres/00001_init.sql": "-- +goose Up\nCREATE TABLE orders (id text);\nCREATE TABLE users (id text);\n",
		"internal/store/migrations/sqlite/00001_init.sql":   "-- +goose Up\nCREATE TABLE orders (id text);\nCREATE TABLE users (id text);\n",
		"internal/order/order.go":                           "package order\n\ntype Order struct{ ID string }\n",
		"internal/order/ordersql/store.go": "package ordersql\n\n" +
			"const insertOrder = `INSERT INTO orders (id) VALUES ($1) ON CONFLICT (id) DO UPDATE SET id = excluded.id`\n" +
			"const lock = `SELECT id FROM orders WHERE id = $1 FOR UPDATE`\n" +
			"func Queries() []string { return []string{insertOrder, lock, \"update order failed\"} }\n",
		"internal/user/usersql/store.go": "package usersql\n\nconst deleteUser = `delete from users where id = $1`\n" +
			"func Query() string { return deleteUser }\n",
	}
	for p, src := range extra {
		files[p] = src
	}
	for p, src := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// userFile is a file of the fixture module's users store (user/usersql), which does not own orders. A
// statement declared as the constant q is run (a constant is read where it is
// used).
func userFile(body string) map[string]string {
	if strings.Contains(body, "const q =") {
		body += "\nfunc run(exec func(string)) { exec(q) }"
	}
	return map[string]string{"internal/user/usersql/planted.go": "package usersql\n\n" + body + "\n"}
}

func TestFixtureIsClean(t *testing.T) {
	root := fixture(t, nil)
	if p := ownershipProblems(t, root); len(p) != 0 {
		t.Errorf("ownership in the clean fixture: %q", p)
	}
	if p, _ := importProblems(t, root); len(p) != 0 {
		t.Errorf("imports in the clean fixture: %q", p)
	}
	if p := tableOwnerProblems(t, root); len(p) != 0 {
		t.Errorf("table owners in the clean fixture: %q", p)
	}
}

// TestPlantedWrites: each way of writing another owner's table is reported at
// the planted file.
func TestPlantedWrites(t *testing.T) {
	const foreign = "internal/user/usersql writes orders"
	const unproved = "a write whose table the code does not prove"
	for name, c := range map[string]struct{ body, want string }{
		"lower case":              {"const q = `insert into orders (id) values ($1)`", foreign},
		"mixed case":              {"const q = `Delete From orders`", foreign},
		"double-quoted name":      {"const q = `UPDATE \"orders\" SET id = $1`", foreign},
		"backquoted name":         {"const q = \"UPDATE `orders` SET id = $1\"", foreign},
		"bracketed name":          {"const q = `DELETE FROM [orders]`", foreign},
		"schema-qualified":        {"const q = `UPDATE public.\"orders\" o SET id = $1`", foreign},
		"replace into":            {"const q = `REPLACE INTO orders (id) VALUES (1)`", foreign},
		"insert or replace":       {"const q = `INSERT OR REPLACE INTO orders (id) VALUES (1)`", foreign},
		"upsert":                  {"const q = `INSERT INTO orders (id) VALUES (1) ON CONFLICT (id) DO NOTHING`", foreign},
		"truncate":                {"const q = `TRUNCATE TABLE orders`", foreign},
		"built from constants":    {"const verb = \"DELETE \" + \"FROM \"\nconst table = \"orders\"\nconst q = verb + table", foreign},
		"local constants":         {"func f() string {\n\tconst t = \"orders\"\n\treturn \"UPDATE \" + t + \" SET id = 1\"\n}", foreign},
		"Sprintf of a constant":   {"import \"fmt\"\nconst table = \"orders\"\nvar q = fmt.Sprintf(\"DELETE FROM %s WHERE id = $1\", table)", foreign},
		"Sprintf of a variable":   {"import \"fmt\"\nfunc q(table string) string { return fmt.Sprintf(\"DELETE FROM %s WHERE id = $1\", table) }", unproved},
		"concatenated variable":   {"func q(table string) string { return \"update \" + table + \" set id = 1\" }", unproved},
		"builder fragment":        {"import \"strings\"\nfunc q(b *strings.Builder) { b.WriteString(\"INSERT INTO \") }", unproved},
		"exported statement":      {"const DeleteAll = `DELETE FROM users`", "an exported name holds a write"},
		"package imports testing": {"import \"testing\"\nvar _ = testing.Short\nconst q = `DELETE FROM orders`", foreign},
	} {
		t.Run(name, func(t *testing.T) {
			problems := ownershipProblems(t, fixture(t, userFile(c.body)))
			found := false
			for _, p := range problems {
				if strings.Contains(p, "planted.go") && strings.Contains(p, c.want) {
					found = true
				}
			}
			if !found {
				t.Errorf("planted %s: problems %q, want one at planted.go saying %q", name, problems, c.want)
			}
		})
	}
}

// TestPlantedImports: a product package importing "testing" or a test-support
// package, or a domain importing the database, is reported.
func TestPlantedImports(t *testing.T) {
	storetest := map[string]string{"internal/store/storetest/storetest.go": "package storetest\n\nimport \"testing\"\n\nfunc Open(t testing.TB) {}\n"}
	for name, c := range map[string]struct {
		files map[string]string
		want  string
	}{
		"testing in a domain": {map[string]string{"internal/order/planted.go": "package order\n\nimport \"testing\"\n\nvar _ = testing.Short\n"},
			"internal/order imports testing: a product package does not import testing"},
		"testing in a store package": {userFile("import \"testing\"\nvar _ = testing.Short"),
			"internal/user/usersql imports testing"},
		"test support in a store package": {merge(storetest, userFile("import \"lockers/internal/store/storetest\"\nvar _ = storetest.Open")),
			"internal/user/usersql imports internal/store/storetest: a product package does not import test support"},
		"database in a domain": {map[string]string{"internal/order/planted.go": "package order\n\nimport \"database/sql\"\n\nvar _ sql.DB\n"},
			"internal/order imports database/sql"},
	} {
		t.Run(name, func(t *testing.T) {
			problems, _ := importProblems(t, fixture(t, c.files))
			found := false
			for _, p := range problems {
				if strings.HasPrefix(p, c.want) {
					found = true
				}
			}
			if !found {
				t.Errorf("planted %s: problems %q, want one starting %q", name, problems, c.want)
			}
		})
	}
}

// TestPlantedTableOwners: a table no row of README's map owns, and a row for
// a table no migration creates, are reported.
func TestPlantedTableOwners(t *testing.T) {
	root := fixture(t, map[string]string{
		"internal/store/migrations/sqlite/00002_more.sql": "-- +goose Up\ncreate table if not exists Coupons (id text);\n",
	})
	readme := filepath.Join(root, "README.md")
	b, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(readme, append(b, "| `ghosts` | `internal/order/ordersql` |\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	got := strings.Join(tableOwnerProblems(t, root), "\n")
	for _, want := range []string{"table coupons has no owner", "lists ghosts, which no migration creates"} {
		if !strings.Contains(got, want) {
			t.Errorf("problems %q, want %q", got, want)
		}
	}
}

func merge(ms ...map[string]string) map[string]string {
	out := map[string]string{}
	for _, m := range ms {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}

// TestSQLWrites: the reader of a statement's text finds each write once and
// takes no lock, upsert half or prose for one.
func TestSQLWrites(t *testing.T) {
	for text, want := range map[string]string{
		`INSERT INTO orders (id) VALUES ($1) ON CONFLICT (id) DO UPDATE SET id = 2`: "orders",
		"UPDATE order_lockers\n\tSET status = $2 WHERE id = $1":                     "order_lockers",
		`WITH q AS (SELECT 1) INSERT INTO door_commands (id) SELECT 1 FROM q`:       "door_commands",
		`INSERT OR IGNORE INTO lockers (id) VALUES (1)`:                             "lockers",
		`update "Users" u set name = $1`:                                            "users",
		`DELETE FROM main.[station_prices] WHERE station_id = $1`:                   "station_prices",
		`SELECT id FROM orders WHERE id = $1 FOR UPDATE`:                            "",
		`SELECT id FROM river_job FOR UPDATE SKIP LOCKED`:                           "",
		`PRAGMA wal_checkpoint(TRUNCATE)`:                                           "",
		`could not update the order`:                                                "",
		`auth.update`:                                                               "",
		`updated_at = $1`:                                                           "",
	} {
		if got := strings.Join(SQLWrites(text), ","); got != want {
			t.Errorf("%q: %q, want %q", text, got, want)
		}
	}
	for _, fragment := range []string{"UPDATE ", "insert into ", "DELETE FROM " + hole, "TRUNCATE TABLE "} {
		if got := SQLWrites(fragment); len(got) != 1 || got[0] != "" {
			t.Errorf("%q: %q, want one write without a table", fragment, got)
		}
	}
}
