package help

import (
	"strings"
	"testing"
	"testing/fstest"
)

// The shipped content loads: both languages, at least three levels, the
// articles the help centre promises.
func TestShippedContent(t *testing.T) {
	nodes, err := LoadContent(Content, "content")
	if err != nil {
		t.Fatal(err)
	}
	articles, deepest := 0, 0
	seen := map[string]bool{}
	for _, n := range nodes {
		seen[n.Path] = true
		if n.Parent != "" && !seen[n.Parent] {
			t.Errorf("%s comes before its section", n.Path)
		}
		if n.Title.EN == "" || n.Title.ET == "" || n.Title.EN == n.Title.ET {
			t.Errorf("%s: titles %q / %q", n.Path, n.Title.EN, n.Title.ET)
		}
		if n.Kind == Article {
			articles++
			if len(n.Body.EN) < 200 || len(n.Body.ET) < 200 {
				t.Errorf("%s: body too short to help", n.Path)
			}
		}
		deepest = max(deepest, strings.Count(n.Path, "/")+1)
	}
	if articles < 8 || deepest < 3 {
		t.Errorf("%d articles, %d levels: want >= 8 and >= 3", articles, deepest)
	}
	if !seen["renting/opening/door-does-not-open"] {
		t.Error("no troubleshooting article for a door that does not open")
	}
}

// Each broken tree is refused for its own reason: the error names it, so a
// case cannot pass on another fault of its tree (a missing folder, say).
func TestLoadContentRefusesBrokenTrees(t *testing.T) {
	file := func(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }
	for name, tc := range map[string]struct {
		fsys fstest.MapFS
		want string
	}{
		"no estonian": {fstest.MapFS{"c/en/10-a.md": file("# A\nbody"), "c/en/20-b.md": file("# B\nbody"),
			"c/et/10-a.md": file("# A\nkeha")}, `"b" has no Estonian text`},
		"no estonian folder": {fstest.MapFS{"c/en/10-a.md": file("# A\nbody")}, "c/et is missing"},
		"no english": {fstest.MapFS{"c/en/10-a.md": file("# A\n"), "c/et/10-a.md": file("# A\n"), "c/et/20-b.md": file("# B\n")},
			`"b" has no English text`},
		"no title": {fstest.MapFS{"c/en/10-a.md": file("A\nbody"), "c/et/10-a.md": file("# A\n")}, `"# Title"`},
		"bad name": {fstest.MapFS{"c/en/A.md": file("# A\n"), "c/et/A.md": file("# A\n")}, "is not NN-slug"},
		"no index": {fstest.MapFS{"c/en/10-s/10-a.md": file("# A\n"), "c/et/10-s/10-a.md": file("# A\n")}, "without _index.md"},
	} {
		_, err := LoadContent(tc.fsys, "c")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %s", name, err, tc.want)
		}
	}
}
