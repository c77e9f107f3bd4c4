package archtest

import (
	"bufio"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// A citation is a name in a document or a code comment that a reader will
// look up: a path, a make target, a lockerd subcommand, a test or benchmark, a
// Go symbol. The checker below resolves each one exactly; a name that is only
// "somewhere in the tree" does not count.
//
// What counts as a citation (and so must resolve):
//   - a rooted path anywhere in the text: internal/…, cmd/…, web/…, e2e/…,
//     docs/…, deploy/…, tools/…, scripts/…, bench/… (a * is a glob that must
//     match, {a,b} is expanded, {name} and <name> are placeholders), from the
//     repository or else from the citing file's folder (a leading ./ is
//     read as the repository's, as in go test ./internal/x/...); a package's path
//     followed by .Name needs the package to declare Name;
//   - a backticked path with a slash and an extension (`lib/format.ts`), from
//     the repository, from the citing file's folder or one above it, or from
//     web/, web/src/ or e2e/; a backticked bare file name (`gate.go`) from the
//     citing file's own folder only; `file.go:Symbol` also needs Symbol in
//     that file and `file.go:42` that line;
//   - TestX, BenchmarkX, FuzzX anywhere: a Go test function of that name (or
//     a function or field so named, such as storetest.TestDatabaseURL);
//   - `make a b`: targets of the Makefile;
//   - `lockerd cmd …` (also ./bin/lockerd): a subcommand lockerd's run dispatches;
//   - pkg.Symbol (pkg.Type.Member, pkg.Prefix*) where pkg is the name of one
//     of our Go packages: declared in a package of that name;
//   - docs/x.md "Section" (also with a comma or backticks between): a heading
//     of that document that contains Section, or a list item's bold lead-in.
//
// In a document, each line of a fenced code block counts as a backticked span
// too, so `make` and `lockerd` commands in a shell example are checked.
//
// Texts read: docs/**/*.md, README.md and deploy/**/*.md whole; comments of
// .go, .ts, .tsx, .mjs and .js files.

// citeIndex is what the repository declares, read once.
type citeIndex struct {
	root        string
	makeTargets map[string]bool
	subcommands map[string]bool
	testFuncs   map[string]bool            // Go test, benchmark and fuzz functions
	testNamed   map[string]bool            // other functions and fields whose names start so
	pkgDirs     map[string][]string        // package name → folders
	decls       map[string]map[string]bool // folder → names declared in it (top level, methods, fields)
	docs        []string                   // documents, relative to root
	sources     []string                   // .go, .ts, .tsx, .mjs, .js files, relative to root
	goComments  map[string][]textLine      // Go file → its comment lines
}

// textLine is one line of a citing text with where it is.
type textLine struct {
	line int
	text string
}

// A citeProblem is one citation that does not resolve.
type citeProblem struct {
	file string
	line int
	msg  string
}

func (p citeProblem) String() string { return fmt.Sprintf("%s:%d: %s", p.file, p.line, p.msg) }

// citeSkipDirs hold no text of ours: dependencies, build output, native shells,
// vendored reference apps.
var citeSkipDirs = map[string]bool{
	".git": true, "node_modules": true, "dist": true, "dist-native": true, "android": true, "ios": true,
	"bin": true, "data": true, "coverage": true, "artifacts": true, "test-results": true, "generated": true,
	"testdata": true,
}

// checkerFiles define citations; their patterns and examples cite nothing.
var checkerFiles = map[string]bool{
	"internal/archtest/citations_test.go": true, "internal/archtest/citations_check_test.go": true,
	"internal/archtest/docrefs_test.go": true,
}

// builtPaths are produced by a build, not committed: citing them is fine.
var builtPaths = []string{"web/dist", "web/dist-native", "e2e/artifacts", "bin/", "dist/", "web/android/app/src/main/assets"}

// fileExts are the extensions that make a backticked name a file (and not,
// say, a procedure such as admin/users.list).
const fileExts = `(?:go|ts|tsx|mjs|js|md|sql|sh|json|yaml|yml|conf|svg|css|html|txt|toml|plist|xml|mod|sum)`

// rootedDirs start a rooted path citation.
const rootedDirs = `internal|cmd|web|e2e|docs|deploy|tools|scripts|bench`

var (
	rootedPathRe = regexp.MustCompile("(?:^|[\\s(\\[`'\"])(?:\\./)?((?:" + rootedDirs + `)/[A-Za-z0-9_.\-/*{},<>]*[A-Za-z0-9_\-*}>])`)
	backtickRe   = regexp.MustCompile("`([^`\n]+)`")
	relPathRe    = regexp.MustCompile(`^[A-Za-z0-9_.\-]+(?:/[A-Za-z0-9_.\-]+)+\.` + fileExts + `(?::([A-Za-z_][A-Za-z0-9_]*|[0-9]+))?$`)
	bareFileRe   = regexp.MustCompile(`^[A-Za-z0-9_\-]+(?:\.[A-Za-z0-9_\-]+)*\.(?:go|ts|tsx|mjs|sql|sh)(?::([A-Za-z_][A-Za-z0-9_]*|[0-9]+))?$`)
	testNameRe   = regexp.MustCompile(`\b((?:Test|Benchmark|Fuzz)[A-Z][A-Za-z0-9_]*)`)
	makeRe       = regexp.MustCompile(`^make ([^;&|]+)`)
	lockerdRe    = regexp.MustCompile(`^(?:\./)?(?:bin/)?lockerd ([a-z][a-z-]*)`)
	symbolRe     = regexp.MustCompile(`(?:^|[^A-Za-z0-9_./-])([a-z][a-z0-9]*)\.([A-Z][A-Za-z0-9_]*)(?:\.([A-Za-z][A-Za-z0-9_]*))?(\*)?`)
	pkgSymbolRe  = regexp.MustCompile(`^(.+)\.([A-Z][A-Za-z0-9_]*)$`)
	makeTargetRe = regexp.MustCompile(`(?m)^([A-Za-z0-9_./-]+):`)
	docSectionRe = regexp.MustCompile("(docs/[A-Za-z0-9_/.-]+\\.md)`?\\)?,? \"([^\"]{2,60})\"")
)

// newCiteIndex walks root and reads what it declares.
func newCiteIndex(root string) (*citeIndex, error) {
	ix := &citeIndex{
		root: root, makeTargets: map[string]bool{}, subcommands: map[string]bool{},
		testFuncs: map[string]bool{}, testNamed: map[string]bool{},
		pkgDirs: map[string][]string{}, decls: map[string]map[string]bool{}, goComments: map[string][]textLine{},
	}
	if b, err := os.ReadFile(filepath.Join(root, "Makefile")); err == nil {
		for _, m := range makeTargetRe.FindAllStringSubmatch(string(b), -1) {
			ix.makeTargets[m[1]] = true
		}
	}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if p != root && citeSkipDirs[d.Name()] {
				return filepath.SkipDir
			}
			return nil
		}
		switch ext := filepath.Ext(p); {
		case ext == ".md" && (strings.HasPrefix(rel, "docs/") || strings.HasPrefix(rel, "deploy/") || rel == "README.md"):
			ix.docs = append(ix.docs, rel)
		case ext == ".go":
			if !checkerFiles[rel] { // the checker's own rules and examples are not citations
				ix.sources = append(ix.sources, rel)
			}
			return ix.readGo(fset, p, rel)
		case ext == ".ts" || ext == ".tsx" || ext == ".mjs" || ext == ".js":
			ix.sources = append(ix.sources, rel)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return ix, nil
}

// readGo records a Go file's package, declarations, tests, comments and, for
// cmd/lockerd/main.go, the subcommands.
func (ix *citeIndex) readGo(fset *token.FileSet, path, rel string) error {
	f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
	if err != nil {
		return err
	}
	dir := filepath.ToSlash(filepath.Dir(rel))
	name := f.Name.Name
	name = strings.TrimSuffix(name, "_test")
	if name != "main" && !hasString(ix.pkgDirs[name], dir) {
		ix.pkgDirs[name] = append(ix.pkgDirs[name], dir)
	}
	decls := ix.decls[dir]
	if decls == nil {
		decls = map[string]bool{}
		ix.decls[dir] = decls
	}
	isTest := strings.HasSuffix(rel, "_test.go")
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			decls[n.Name.Name] = true
			if isTest && n.Recv == nil {
				ix.testFuncs[n.Name.Name] = true
			}
			if testNameRe.MatchString(n.Name.Name) {
				ix.testNamed[n.Name.Name] = true // a helper such as storetest.TestDatabaseURL
			}
		case *ast.TypeSpec:
			decls[n.Name.Name] = true
		case *ast.ValueSpec:
			for _, id := range n.Names {
				decls[id.Name] = true
			}
		case *ast.Field:
			for _, id := range n.Names {
				decls[id.Name] = true
				ix.testNamed[id.Name] = true // a field such as Options.TestClock
			}
		}
		return true
	})
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			first := fset.Position(c.Pos()).Line
			for i, l := range strings.Split(c.Text, "\n") {
				ix.goComments[rel] = append(ix.goComments[rel], textLine{line: first + i, text: l})
			}
		}
	}
	if rel == "cmd/lockerd/main.go" {
		for _, c := range runSubcommands(f) {
			ix.subcommands[c] = true
		}
	}
	return nil
}

// runSubcommands are the string cases of run's first `switch cmd`.
func runSubcommands(f *ast.File) []string {
	var cmds []string
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Name.Name != "run" || fn.Body == nil {
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
					if lit, ok := e.(*ast.BasicLit); ok {
						name, _ := strconv.Unquote(lit.Value)
						cmds = append(cmds, name)
					}
				}
			}
			return cmds
		}
	}
	return cmds
}

// check reads every citing text and answers the citations that do not resolve.
func (ix *citeIndex) check() (problems []citeProblem, checked int, err error) {
	for _, doc := range ix.docs {
		lines, err := readLines(filepath.Join(ix.root, doc))
		if err != nil {
			return nil, 0, err
		}
		p, n := ix.checkText(doc, lines)
		problems, checked = append(problems, p...), checked+n
	}
	for _, src := range ix.sources {
		lines := ix.goComments[src]
		if !strings.HasSuffix(src, ".go") {
			all, err := readLines(filepath.Join(ix.root, src))
			if err != nil {
				return nil, 0, err
			}
			lines = scriptComments(all)
		}
		p, n := ix.checkText(src, lines)
		problems, checked = append(problems, p...), checked+n
	}
	sort.Slice(problems, func(i, j int) bool {
		if problems[i].file != problems[j].file {
			return problems[i].file < problems[j].file
		}
		return problems[i].line < problems[j].line
	})
	return problems, checked, nil
}

// checkText resolves the citations of one text's lines.
func (ix *citeIndex) checkText(file string, lines []textLine) (problems []citeProblem, checked int) {
	bad := func(l textLine, format string, args ...any) {
		problems = append(problems, citeProblem{file: file, line: l.line, msg: fmt.Sprintf(format, args...)})
	}
	dir := filepath.ToSlash(filepath.Dir(file))
	inFence := false
	for _, l := range lines {
		if strings.HasSuffix(file, ".md") && strings.HasPrefix(strings.TrimSpace(l.text), "```") {
			inFence = !inFence
			continue
		}
		for _, m := range rootedPathRe.FindAllStringSubmatch(l.text, -1) {
			p := strings.TrimRight(m[1], ".,")
			if skip, ok := ix.rootedPathExists(p); !skip {
				checked++
				if !ok && ix.exists(dir+"/"+p) {
					ok = true // a path from the citing file's folder: tools/loadtest's cmd/bookbench
				}
				if mm := pkgSymbolRe.FindStringSubmatch(p); !ok && mm != nil && ix.exists(mm[1]) {
					ok = ix.decls[mm[1]][mm[2]] // a package's path and a name it declares
				}
				if !ok {
					bad(l, "cites %s, which is not in the repository", p)
				}
			}
		}
		for _, m := range docSectionRe.FindAllStringSubmatch(l.text, -1) {
			checked++
			if !ix.hasSection(m[1], m[2]) {
				bad(l, "cites %s %q; it has no heading or lead-in of that name", m[1], m[2])
			}
		}
		for _, m := range testNameRe.FindAllStringSubmatch(l.text, -1) {
			checked++
			if !ix.testFuncs[m[1]] && !ix.testNamed[m[1]] {
				bad(l, "cites %s, which no Go test file declares", m[1])
			}
		}
		for _, m := range symbolRe.FindAllStringSubmatch(l.text, -1) {
			dirs, ours := ix.pkgDirs[m[1]]
			if !ours {
				continue
			}
			checked++
			if m[4] != "" && m[3] == "" {
				if !ix.declaredPrefix(dirs, m[2]) {
					bad(l, "cites %s.%s*, and package %s declares no name that starts so", m[1], m[2], m[1])
				}
				continue
			}
			if !ix.declared(dirs, m[2]) {
				bad(l, "cites %s.%s, which package %s does not declare", m[1], m[2], m[1])
			} else if m[3] != "" && !ix.declared(dirs, m[3]) {
				bad(l, "cites %s.%s.%s, which package %s does not declare", m[1], m[2], m[3], m[1])
			}
		}
		spans := backtickRe.FindAllStringSubmatch(l.text, -1)
		if inFence {
			for _, cmd := range strings.Split(l.text, "&&") {
				cmd, _, _ = strings.Cut(cmd, "#")
				spans = append(spans, []string{cmd, strings.TrimSpace(cmd)})
			}
		}
		for _, m := range spans {
			span := strings.TrimSpace(m[1])
			if mm := makeRe.FindStringSubmatch(span); mm != nil {
				for _, target := range strings.Fields(mm[1]) {
					if strings.Contains(target, "=") || strings.HasPrefix(target, "-") {
						continue // a variable or a flag
					}
					checked++
					if !ix.makeTargets[target] {
						bad(l, "cites `make %s`; the Makefile has no target %s", target, target)
					}
				}
				continue
			}
			if mm := lockerdRe.FindStringSubmatch(span); mm != nil {
				checked++
				if !ix.subcommands[mm[1]] {
					bad(l, "cites `lockerd %s`; lockerd has no subcommand %s", mm[1], mm[1])
				}
				continue
			}
			if strings.ContainsAny(span, "*{}<> ") || strings.HasPrefix(span, "/") {
				continue
			}
			path, anchor := span, ""
			if i := strings.LastIndex(span, ":"); i > 0 {
				path, anchor = span[:i], span[i+1:]
			}
			var found string
			switch {
			case relPathRe.MatchString(span):
				if isRooted(path) {
					found = path // the path itself was checked above
					break
				}
				if isBuilt(path) {
					continue
				}
				checked++
				found = ix.findRelative(dir, path)
				if found == "" {
					bad(l, "cites `%s`, found neither from the repository, from %s and above, nor from web/, web/src/ or e2e/", path, dir)
					continue
				}
			case bareFileRe.MatchString(span):
				checked++
				found = dir + "/" + path
				if !ix.exists(found) {
					bad(l, "cites `%s`, which is not in %s/", path, dir)
					continue
				}
			default:
				continue
			}
			if anchor != "" && !ix.hasAnchor(found, anchor) {
				bad(l, "cites `%s:%s`, which %s does not have", path, anchor, found)
			}
		}
	}
	return problems, checked
}

// rootedPathExists resolves a rooted path citation; skip is true for paths
// that are placeholders or build output.
func (ix *citeIndex) rootedPathExists(p string) (skip, ok bool) {
	if strings.ContainsAny(p, "<>") || isBuilt(p) {
		return true, false
	}
	for _, alt := range expandBraces(p) {
		if alt == "" {
			return true, false // {name}: a placeholder
		}
		if strings.Contains(alt, "*") {
			if m, _ := filepath.Glob(filepath.Join(ix.root, alt)); len(m) == 0 {
				return false, false
			}
			continue
		}
		if !ix.exists(strings.TrimSuffix(alt, "/")) {
			return false, false
		}
	}
	return false, true
}

// expandBraces writes out {a,b} alternatives; a {name} without a comma is a
// placeholder and answers "".
func expandBraces(p string) []string {
	i := strings.Index(p, "{")
	if i < 0 {
		return []string{p}
	}
	j := strings.Index(p[i:], "}")
	if j < 0 {
		return []string{""}
	}
	inner := p[i+1 : i+j]
	if !strings.Contains(inner, ",") {
		return []string{""}
	}
	var out []string
	for _, alt := range strings.Split(inner, ",") {
		out = append(out, expandBraces(p[:i]+alt+p[i+j+1:])...)
	}
	return out
}

// isBuilt: p is build output (builtPaths), which a fresh checkout lacks.
func isBuilt(p string) bool {
	for _, b := range builtPaths {
		b = strings.TrimSuffix(b, "/")
		if p == b || strings.HasPrefix(p, b+"/") {
			return true
		}
	}
	return false
}

func isRooted(p string) bool {
	first, _, _ := strings.Cut(p, "/")
	return strings.Contains("|"+rootedDirs+"|", "|"+first+"|")
}

// findRelative resolves a relative path from the citing file's folder and
// those above it, then from web/, web/src/ and e2e/.
func (ix *citeIndex) findRelative(dir, p string) string {
	var bases []string
	for d := dir; ; d = filepath.ToSlash(filepath.Dir(d)) {
		bases = append(bases, d)
		if d == "." || d == "/" {
			break
		}
	}
	bases = append(bases, "web", "web/src", "e2e")
	for _, b := range bases {
		cand := filepath.ToSlash(filepath.Join(b, p))
		if ix.exists(cand) {
			return cand
		}
	}
	return ""
}

// hasAnchor: a line number within the file, or a name the file declares
// (the word followed by a declaration's sign).
func (ix *citeIndex) hasAnchor(file, anchor string) bool {
	b, err := os.ReadFile(filepath.Join(ix.root, file))
	if err != nil {
		return false
	}
	if n, err := strconv.Atoi(anchor); err == nil {
		return n >= 1 && n <= strings.Count(string(b), "\n")+1
	}
	return regexp.MustCompile(`\b` + regexp.QuoteMeta(anchor) + `\b`).Match(b)
}

// hasSection: the document has a heading that contains the name, or a list
// item whose bold lead-in starts with it.
func (ix *citeIndex) hasSection(doc, name string) bool {
	b, err := os.ReadFile(filepath.Join(ix.root, doc))
	if err != nil {
		return false
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "#") && strings.Contains(line, name) ||
			strings.HasPrefix(strings.TrimLeft(line, " "), "- **"+name) {
			return true
		}
	}
	return false
}

func (ix *citeIndex) declared(dirs []string, name string) bool {
	for _, d := range dirs {
		if ix.decls[d][name] {
			return true
		}
	}
	return false
}

func (ix *citeIndex) declaredPrefix(dirs []string, prefix string) bool {
	for _, d := range dirs {
		for name := range ix.decls[d] {
			if strings.HasPrefix(name, prefix) {
				return true
			}
		}
	}
	return false
}

func (ix *citeIndex) exists(rel string) bool {
	_, err := os.Stat(filepath.Join(ix.root, rel))
	return err == nil
}

func readLines(path string) ([]textLine, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []textLine
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		out = append(out, textLine{line: n, text: sc.Text()})
	}
	return out, sc.Err()
}

var lineCommentRe = regexp.MustCompile(`(?:^|\s)//(.*)$`)

// scriptComments keeps the comment part of each line of a TypeScript or
// JavaScript file: // to the end of the line, and /* … */ blocks.
func scriptComments(lines []textLine) []textLine {
	var out []textLine
	inBlock := false
	for _, l := range lines {
		s := l.text
		var kept []string
		for s != "" {
			if inBlock {
				end := strings.Index(s, "*/")
				if end < 0 {
					kept = append(kept, s)
					s = ""
					break
				}
				kept = append(kept, s[:end])
				s, inBlock = s[end+2:], false
				continue
			}
			start := strings.Index(s, "/*")
			if m := lineCommentRe.FindStringSubmatchIndex(s); m != nil && (start < 0 || m[2] < start) {
				kept = append(kept, s[m[2]:m[3]])
				break
			}
			if start < 0 || (start > 0 && !strings.ContainsAny(s[start-1:start], " \t({[,;=")) {
				break
			}
			s, inBlock = s[start+2:], true
		}
		if len(kept) > 0 {
			out = append(out, textLine{line: l.line, text: strings.Join(kept, " ")})
		}
	}
	return out
}

func hasString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
