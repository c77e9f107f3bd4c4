package archtest

import (
	"bufio"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// sourceExts are the files whose comments and strings cite documents.
var sourceExts = map[string]bool{".go": true, ".ts": true, ".tsx": true, ".mjs": true, ".js": true, ".sh": true}

var (
	// docs/…/x.md anywhere; a bare x.md not inside a path.
	docPathRe = regexp.MustCompile(`(?:^|[^A-Za-z0-9_./-])(docs/[A-Za-z0-9_./-]+\.md)`)
	bareMdRe  = regexp.MustCompile(`(?:^|[^A-Za-z0-9_./-])([A-Za-z0-9_-]+\.md)\b`)
	// "spec §3", "Spec §9", "docs/spec.md §8"; "protocol.md §3.2".
	specRe     = regexp.MustCompile(`(?i)\bspec(?:\.md)? §(\d+)`)
	protocolRe = regexp.MustCompile(`protocol\.md §(\d+)(?:\.(\d+))?`)
	// product.md "Accounts" names a section or a rule's lead-in.
	productRe = regexp.MustCompile(`product\.md[^"\n]{0,3}"([^"]+)"`)
)

type citation struct {
	file string
	line int
	text string
}

// TestDocumentReferencesResolve fails when code cites a document or a section
// that is not in the repository: docs/….md and bare x.md files (in docs/, at
// the root, or in the citing file's folder or below), "spec §N"
// (docs/spec.md's numbered sections), "protocol.md §N[.M]" and
// product.md "Section". A reference is only worth writing if a reader can
// follow it.
func TestDocumentReferencesResolve(t *testing.T) {
	problems, sources, checked, err := docReferenceProblems(root)
	if err != nil {
		t.Fatal(err)
	}
	if sources < 100 || checked < 100 {
		t.Fatalf("read only %d source files and %d references under %s; is the walk wrong?", sources, checked, root)
	}
	for _, p := range problems {
		t.Error(p)
	}
}

// TestDocumentReferenceCheckerFindsPlantedFaults plants one broken reference
// of each kind in a small repository and wants each reported.
func TestDocumentReferenceCheckerFindsPlantedFaults(t *testing.T) {
	base := t.TempDir()
	files := map[string]string{
		"docs/spec.md":     "# Spec\n\n## 3. Booking\n",
		"docs/protocol.md": "# Protocol\n\n## 2. Calls\n\n1. Batches\n",
		"docs/product.md":  "# Product\n\n## Money\n",
		"internal/x/x.go": strings.Join([]string{
			"package x",
			"// Good: docs/spec.md, spec §3, protocol.md §2.1, product.md \"Money\".",
			"// Bad: docs/gone.md, gone.md, spec §4, protocol.md §2.2, product.md \"Time\".",
		}, "\n"),
	}
	for rel, text := range files {
		if err := os.MkdirAll(filepath.Join(base, filepath.Dir(rel)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(base, rel), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	problems, _, _, err := docReferenceProblems(base)
	if err != nil {
		t.Fatal(err)
	}
	report := strings.Join(problems, "\n")
	for _, w := range []string{
		"internal/x/x.go:3 cites docs/gone.md", "internal/x/x.go:3 cites gone.md", "internal/x/x.go:3 cites spec §4",
		"internal/x/x.go:3 cites protocol.md §2.2", `internal/x/x.go:3 cites product.md "Time"`,
	} {
		if !strings.Contains(report, w) {
			t.Errorf("the checker did not report %q; it reported:\n%s", w, report)
		}
	}
	if len(problems) != 5 {
		t.Errorf("want 5 problems, got %d:\n%s", len(problems), report)
	}
}

// docReferenceProblems reads every source file under base and answers the
// references that do not resolve, how many files it read and how many
// references it checked.
func docReferenceProblems(base string) (problems []string, sources, checked int, err error) {
	var paths []string
	err = filepath.WalkDir(base, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if citeSkipDirs[d.Name()] && p != base {
				return filepath.SkipDir
			}
			return nil
		}
		if sourceExts[filepath.Ext(p)] {
			paths = append(paths, p)
		}
		return nil
	})
	if err != nil {
		return nil, 0, 0, err
	}
	var docs [3]string
	for i, rel := range []string{"docs/spec.md", "docs/protocol.md", "docs/product.md"} {
		b, err := os.ReadFile(filepath.Join(base, rel))
		if err != nil {
			return nil, 0, 0, err
		}
		docs[i] = "\n" + string(b)
	}
	spec, protocol, product := docs[0], docs[1], docs[2]
	exists := func(rel string) bool {
		_, err := os.Stat(filepath.Join(base, rel))
		return err == nil
	}
	bad := func(c citation, format string, args ...any) {
		problems = append(problems, fmt.Sprintf("%s:%d ", c.file, c.line)+fmt.Sprintf(format, args...))
	}
	for _, src := range paths {
		cs, err := citations(base, src)
		if err != nil {
			return nil, 0, 0, err
		}
		for _, c := range cs {
			for _, m := range docPathRe.FindAllStringSubmatch(c.text, -1) {
				checked++
				if !exists(m[1]) {
					bad(c, "cites %s, which is not in the repository", m[1])
				}
			}
			for _, m := range bareMdRe.FindAllStringSubmatch(c.text, -1) {
				checked++
				if !exists("docs/"+m[1]) && !exists(m[1]) && !inTree(filepath.Join(base, filepath.Dir(c.file)), m[1]) {
					bad(c, "cites %s, which is neither in docs/, at the repository's root nor in the citing file's folder or below", m[1])
				}
			}
			for _, m := range specRe.FindAllStringSubmatch(c.text, -1) {
				checked++
				if !strings.Contains(spec, "\n## "+m[1]+". ") {
					bad(c, "cites spec §%s; docs/spec.md has no section %s", m[1], m[1])
				}
			}
			for _, m := range protocolRe.FindAllStringSubmatch(c.text, -1) {
				checked++
				if !hasSection(protocol, m[1], m[2]) {
					bad(c, "cites protocol.md §%s; docs/protocol.md has no such section", strings.TrimSuffix(m[1]+"."+m[2], "."))
				}
			}
			for _, m := range productRe.FindAllStringSubmatch(c.text, -1) {
				checked++
				if !strings.Contains(product, "## "+m[1]) && !strings.Contains(product, "- "+m[1]) {
					bad(c, "cites product.md %q; docs/product.md has no such section or rule", m[1])
				}
			}
		}
	}
	return problems, len(paths), checked, nil
}

// citations are the lines of a source file that may cite a document. The
// checkers' own files are left out: their patterns are not citations.
func citations(base, path string) ([]citation, error) {
	rel, _ := filepath.Rel(base, path)
	rel = filepath.ToSlash(rel)
	if checkerFiles[rel] {
		return nil, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []citation
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		if line := sc.Text(); strings.Contains(line, ".md") || strings.Contains(line, "§") {
			out = append(out, citation{file: rel, line: n, text: line})
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return out, nil
}

// inTree: a file of that name is in dir or a folder below it (a name the code
// reads from its own tree, as the help centre's _index.md).
func inTree(dir, name string) bool {
	found := false
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && d.Name() == name {
			found = true
			return filepath.SkipAll
		}
		return nil
	})
	return found
}

// hasSection finds "## N." or "### N.M" in a document, or, for N.M, the M-th
// item of section N's numbered list ("M. ").
func hasSection(doc, n, m string) bool {
	if m == "" {
		return strings.Contains(doc, "\n## "+n+". ")
	}
	if strings.Contains(doc, "\n### "+n+"."+m+" ") {
		return true
	}
	start := strings.Index(doc, "\n## "+n+". ")
	if start < 0 {
		return false
	}
	section := doc[start+1:]
	if end := strings.Index(section, "\n## "); end >= 0 {
		section = section[:end]
	}
	return strings.Contains(section, "\n"+m+". ")
}
