package archtest

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Folders that hold no source of ours: dependencies, build output, native shells.
var skipDirs = map[string]bool{
	".git": true, "node_modules": true, "dist": true, "dist-native": true, "android": true, "ios": true,
	"bin": true, "data": true, "coverage": true, "artifacts": true, "test-results": true, "generated": true,
}

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
	var sources []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if skipDirs[d.Name()] && p != root {
				return filepath.SkipDir
			}
			return nil
		}
		if sourceExts[filepath.Ext(p)] {
			sources = append(sources, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(sources) < 100 {
		t.Fatalf("found only %d source files under %s; is the walk wrong?", len(sources), root)
	}
	spec, protocol, product := readDoc(t, "docs/spec.md"), readDoc(t, "docs/protocol.md"), readDoc(t, "docs/product.md")

	var checked int
	for _, src := range sources {
		for _, c := range citations(t, src) {
			for _, m := range docPathRe.FindAllStringSubmatch(c.text, -1) {
				checked++
				if !exists(m[1]) {
					t.Errorf("%s:%d cites %s, which is not in the repository", c.file, c.line, m[1])
				}
			}
			for _, m := range bareMdRe.FindAllStringSubmatch(c.text, -1) {
				checked++
				if !exists("docs/"+m[1]) && !exists(m[1]) && !inTree(filepath.Dir(c.file), m[1]) {
					t.Errorf("%s:%d cites %s, which is neither in docs/, at the repository's root nor in the citing file's folder or below", c.file, c.line, m[1])
				}
			}
			for _, m := range specRe.FindAllStringSubmatch(c.text, -1) {
				checked++
				if !strings.Contains(spec, "\n## "+m[1]+". ") {
					t.Errorf("%s:%d cites spec §%s; docs/spec.md has no section %s", c.file, c.line, m[1], m[1])
				}
			}
			for _, m := range protocolRe.FindAllStringSubmatch(c.text, -1) {
				checked++
				if !hasSection(protocol, m[1], m[2]) {
					t.Errorf("%s:%d cites protocol.md §%s; docs/protocol.md has no such section", c.file, c.line,
						strings.TrimSuffix(m[1]+"."+m[2], "."))
				}
			}
			for _, m := range productRe.FindAllStringSubmatch(c.text, -1) {
				checked++
				if !strings.Contains(product, "## "+m[1]) && !strings.Contains(product, "- "+m[1]) {
					t.Errorf("%s:%d cites product.md %q; docs/product.md has no such section or rule", c.file, c.line, m[1])
				}
			}
		}
	}
	if checked < 100 {
		t.Errorf("checked only %d references; is the scan wrong?", checked)
	}
}

// citations are the lines of a source file that may cite a document. Lines of
// this test are left out: its patterns are not citations.
func citations(t *testing.T, path string) []citation {
	t.Helper()
	if rel, _ := filepath.Rel(root, path); checkerFiles[filepath.ToSlash(rel)] {
		return nil
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []citation
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	rel, _ := filepath.Rel(root, path)
	for n := 1; sc.Scan(); n++ {
		if line := sc.Text(); strings.Contains(line, ".md") || strings.Contains(line, "§") {
			out = append(out, citation{file: rel, line: n, text: line})
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return out
}

// inTree: a file of that name is in dir or a folder below it (a name the code
// reads from its own tree, as the help centre's _index.md).
func inTree(dir, name string) bool {
	found := false
	_ = filepath.WalkDir(filepath.Join(root, dir), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && d.Name() == name {
			found = true
			return filepath.SkipAll
		}
		return nil
	})
	return found
}

func exists(rel string) bool {
	_, err := os.Stat(filepath.Join(root, rel))
	return err == nil
}

func readDoc(t *testing.T, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, rel))
	if err != nil {
		t.Fatal(err)
	}
	return "\n" + string(b)
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
