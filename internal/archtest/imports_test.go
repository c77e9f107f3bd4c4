package archtest

import (
	"os/exec"
	"sort"
	"strings"
	"testing"
)

const module = "lockers/"

// Layers of the module, by import path (module prefix removed):
//
//	cmd      cmd/...                       the binary: wires anything
//	tool     tools/...                     load, soak and cluster harnesses
//	app      internal/app/...              wiring and the HTTP server
//	api      internal/api/...              the procedure tables and wire types
//	rpc      internal/rpc, internal/rpcclient  the tRPC handler and client; no domain code
//	store    internal/store/...            the database, migrations, transactions
//	infra    internal/jobs, internal/ratelimit/..., internal/config, internal/version,
//	         internal/clock
//	adapter  internal/adapters/...         mail, SMS, payments, controllers, push, photos
//	sql      internal/<x>/<y>sql           a domain's store package (SQL on both databases)
//	seed     internal/demo, internal/seed, internal/backoffice/officeseed
//	shared   internal/txn, internal/apperr, internal/identity: the vocabulary
//	         every layer shares (a transaction handle and the job queue's port,
//	         the error catalogue, the caller); they import nothing of ours
//	testkit  test support: a package named *test (storetest, clocktest) or
//	         under a testutil folder; only tests and tools/ may import one,
//	         and only a testkit package may import "testing"
//	domain   every other internal/... package: internal/<domain> and its
//	         other parts (invoicepdf, invoicelink, forpayment, help/content)
//	web      the web app's files embedded as data (package.json's version, the
//	         formatting style both sides write dates in); domains may read it
//
// Domain packages import no infrastructure: no database/sql, driver, River or
// net/http, and none of the layers that hold them.
func layer(path string) string {
	p := strings.TrimPrefix(path, module)
	last := p[strings.LastIndexByte(p, '/')+1:]
	switch {
	case testSupport(p):
		return "testkit"
	case p == "web":
		return "web"
	case p == "internal/txn" || p == "internal/apperr" || p == "internal/identity":
		return "shared"
	case under(p, "cmd"):
		return "cmd"
	case under(p, "tools"):
		return "tool"
	case under(p, "internal/app"):
		return "app"
	case under(p, "internal/api"):
		return "api"
	case p == "internal/rpc" || p == "internal/rpcclient":
		return "rpc"
	case under(p, "internal/store"):
		return "store"
	case p == "internal/jobs" || under(p, "internal/ratelimit") || p == "internal/config" || p == "internal/version" ||
		p == "internal/clock":
		return "infra"
	case under(p, "internal/adapters"):
		return "adapter"
	case p == "internal/demo" || p == "internal/seed" || p == "internal/backoffice/officeseed":
		return "seed"
	case strings.Count(p, "/") == 2 && strings.HasSuffix(last, "sql"):
		return "sql"
	case strings.HasPrefix(p, "internal/"):
		return "domain"
	}
	return "unknown"
}

func under(p, dir string) bool { return p == dir || strings.HasPrefix(p, dir+"/") }

// testSupport: a package (by its path in the module) that exists for tests. The
// name alone decides, so that importing "testing" cannot move a product
// package out of the rules.
func testSupport(p string) bool {
	return strings.HasSuffix(p[strings.LastIndexByte(p, '/')+1:], "test") ||
		strings.HasPrefix(p, "internal/testutil") || strings.Contains(p, "/testutil")
}

// forbidden answers why a package of layer l must not import imp ("" when it may).
func forbidden(l, imp string, impLayer string) string {
	infra := imp == "database/sql" || strings.HasPrefix(imp, "database/sql/") ||
		strings.HasPrefix(imp, "github.com/jackc/pgx") || strings.HasPrefix(imp, "modernc.org/sqlite") ||
		strings.HasPrefix(imp, "github.com/riverqueue/") || strings.HasPrefix(imp, "github.com/pressly/goose") ||
		strings.HasPrefix(imp, "github.com/redis/")
	web := imp == "net/http" || strings.HasPrefix(imp, "net/http/")
	if l != "testkit" && l != "tool" {
		switch {
		case imp == "testing" || strings.HasPrefix(imp, "testing/"):
			return "a product package does not import " + imp + "; test support lives in a package named *test"
		case impLayer == "testkit":
			return "a product package does not import test support"
		}
	}
	if impLayer == "shared" {
		return ""
	}
	switch l {
	case "shared":
		if impLayer != "" {
			return "a shared package imports nothing of this module"
		}
		if infra || web {
			return "a shared package uses no database, job queue or HTTP"
		}
	case "domain":
		switch {
		case infra:
			return "a domain package uses no database, driver or job queue"
		case web:
			return "a domain package does not speak HTTP"
		case impLayer != "" && impLayer != "domain" && impLayer != "web":
			return "a domain package imports only other domain packages of this module (and the web app's data), not " + impLayer
		}
	case "sql":
		switch {
		case web:
			return "a store package does not speak HTTP"
		case strings.HasPrefix(imp, "github.com/riverqueue/"):
			return "a store package does not queue jobs (internal/jobs does)"
		case impLayer != "" && impLayer != "domain" && impLayer != "sql" && impLayer != "store":
			return "a store package imports domains, other store packages and internal/store only, not " + impLayer
		}
	case "rpc":
		if impLayer != "" && impLayer != "rpc" && imp != module+"internal/apperr" && imp != module+"internal/identity" {
			return "the tRPC layer has no domain code"
		}
	case "api":
		switch {
		case infra:
			return "the procedure tables use the domains, not the database"
		case impLayer == "store" || impLayer == "sql" || impLayer == "app" || impLayer == "cmd" || impLayer == "seed":
			return "the procedure tables call the domains' services, not " + impLayer
		}
	case "adapter":
		if impLayer == "app" || impLayer == "api" || impLayer == "cmd" || impLayer == "sql" || impLayer == "seed" {
			return "an adapter implements a domain's port and needs no " + impLayer
		}
	case "seed":
		if impLayer == "app" || impLayer == "api" || impLayer == "cmd" || impLayer == "rpc" || impLayer == "adapter" {
			return "a seeder writes through the owners' store packages only, not " + impLayer
		}
	case "infra", "store":
		if impLayer == "domain" || impLayer == "sql" || impLayer == "app" || impLayer == "api" || impLayer == "seed" {
			return "infrastructure knows no domain (" + impLayer + ")"
		}
	}
	return ""
}

// TestImportRules checks every package of the module (new ones included:
// the layer comes from the path) against its layer's rules, from go list.
func TestImportRules(t *testing.T) {
	problems, n := importProblems(t, root)
	if n < 20 {
		t.Fatalf("go list found %d packages", n)
	}
	for _, p := range problems {
		t.Error(p)
	}
}

// importProblems lists the imports of the module at root that break its
// layers' rules, and how many packages it read.
func importProblems(t *testing.T, root string) ([]string, int) {
	t.Helper()
	pkgs := map[string][]string{}
	// The files of the test-clock build (internal/clock) are read too: a build
	// tag must not hide an import.
	for _, tags := range []string{"", "testclock,timetzdata"} {
		cmd := exec.Command("go", "list", "-e", "-tags", tags, "-f", `{{.ImportPath}} {{join .Imports " "}}`, "./...")
		cmd.Dir = root
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list -tags %q: %v", tags, err)
		}
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			f := strings.Fields(line)
			if len(f) == 0 || strings.Contains(f[0], "/node_modules/") {
				continue
			}
			pkgs[f[0]] = append(pkgs[f[0]], f[1:]...)
		}
	}
	layers := map[string]string{}
	var problems []string
	for p := range pkgs {
		layers[p] = layer(p)
		if layers[p] == "unknown" {
			problems = append(problems, p+": no layer; place it under one of the layers of imports_test.go")
		}
	}
	for p, imps := range pkgs {
		for _, imp := range imps {
			if why := forbidden(layers[p], imp, layers[imp]); why != "" {
				problems = append(problems, strings.TrimPrefix(p, module)+" imports "+strings.TrimPrefix(imp, module)+": "+why)
			}
		}
	}
	sort.Strings(problems)
	return problems, len(pkgs)
}

// TestForbidden: the rules refuse what issue 27 names, so the test above can fail.
func TestForbidden(t *testing.T) {
	for _, c := range []struct{ layer, imp, impLayer string }{
		{"domain", "database/sql", ""},
		{"domain", "net/http", ""},
		{"domain", "github.com/riverqueue/river", ""},
		{"domain", "modernc.org/sqlite", ""},
		{"domain", module + "internal/store", "store"},
		{"domain", module + "internal/jobs", "infra"},
		{"domain", module + "internal/order/ordersql", "sql"},
		{"sql", "net/http", ""},
		{"api", module + "internal/store", "store"},
		{"rpc", module + "internal/order", "domain"},
		{"domain", module + "internal/clock/clocktest", "testkit"},
		{"app", module + "internal/account/accounttest", "testkit"},
		{"domain", "testing", ""},
		{"sql", "testing", ""},
		{"cmd", "testing/fstest", ""},
		{"sql", module + "internal/store/storetest", "testkit"},
	} {
		if forbidden(c.layer, c.imp, c.impLayer) == "" {
			t.Errorf("%s may import %s", c.layer, c.imp)
		}
	}
	for _, c := range []struct{ layer, imp, impLayer string }{
		{"domain", module + "internal/order", "domain"},
		{"domain", "github.com/google/uuid", ""},
		{"sql", "database/sql", ""},
		{"sql", module + "internal/promo/promosql", "sql"},
		{"app", module + "internal/store", "store"},
		{"testkit", "testing", ""},
		{"tool", module + "internal/adapters/mail/mailtest", "testkit"},
	} {
		if why := forbidden(c.layer, c.imp, c.impLayer); why != "" {
			t.Errorf("%s may not import %s: %s", c.layer, c.imp, why)
		}
	}
	if got := layer(module + "internal/issue/issuesql"); got != "sql" {
		t.Errorf("issuesql is %s", got)
	}
	if got := layer(module + "internal/newdomain"); got != "domain" {
		t.Errorf("a new internal package is %s, want domain", got)
	}
}
