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

func TestLoadContentRefusesBrokenTrees(t *testing.T) {
	file := func(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }
	for name, fsys := range map[string]fstest.MapFS{
		"no estonian": {"c/en/10-a.md": file("# A\nbody")},
		"no english":  {"c/en/10-a.md": file("# A\n"), "c/et/10-a.md": file("# A\n"), "c/et/20-b.md": file("# B\n")},
		"no title":    {"c/en/10-a.md": file("A\nbody"), "c/et/10-a.md": file("# A\n")},
		"bad name":    {"c/en/A.md": file("# A\n"), "c/et/A.md": file("# A\n")},
		"no index":    {"c/en/10-s/10-a.md": file("# A\n"), "c/et/10-s/10-a.md": file("# A\n")},
	} {
		if _, err := LoadContent(fsys, "c"); err == nil {
			t.Errorf("%s: loaded", name)
		}
	}
}
