package help

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Content is the help centre as shipped: content/en and content/et hold the same
// tree of Markdown files. A directory is a section, its _index.md gives the
// section's title and introduction; any other .md file is an article. A name's
// number prefix orders siblings and is not part of the path:
// en/20-renting/10-booking.md is the article at "renting/booking". A file's first
// line is "# Title"; the rest is its body. (all: because embed skips names
// starting with "_" otherwise.)
//
//go:embed all:content
var Content embed.FS

var orderedName = regexp.MustCompile(`^(\d+)-([a-z0-9]+(?:-[a-z0-9]+)*)$`)

// LoadContent reads the tree under root of fsys (root holds en/ and et/) into
// seed nodes. Every file must exist in both languages, every name must be
// "NN-slug", every file must start with a title.
func LoadContent(fsys fs.FS, root string) ([]SeedNode, error) {
	en, err := loadLang(fsys, path.Join(root, "en"))
	if err != nil {
		return nil, err
	}
	et, err := loadLang(fsys, path.Join(root, "et"))
	if err != nil {
		return nil, err
	}
	out := make([]SeedNode, 0, len(en))
	for p, e := range en {
		t, ok := et[p]
		if !ok {
			return nil, fmt.Errorf("help content: %q has no Estonian text", p)
		}
		n := e.Node
		n.Title.ET, n.Body.ET = t.Title.EN, t.Body.EN
		sum := sha256.Sum256([]byte(n.Title.EN + "\x00" + n.Body.EN + "\x00" + n.Title.ET + "\x00" + n.Body.ET + "\x00" + strconv.Itoa(n.Position)))
		out = append(out, SeedNode{Node: n, Hash: hex.EncodeToString(sum[:])})
	}
	for p := range et {
		if _, ok := en[p]; !ok {
			return nil, fmt.Errorf("help content: %q has no English text", p)
		}
	}
	// Parents before children, so a store may insert in this order.
	slices.SortFunc(out, func(a, b SeedNode) int {
		if d := strings.Count(a.Path, "/") - strings.Count(b.Path, "/"); d != 0 {
			return d
		}
		return strings.Compare(a.Path, b.Path)
	})
	return out, nil
}

// loadLang reads one language's tree; the texts go in the nodes' EN fields.
func loadLang(fsys fs.FS, root string) (map[string]SeedNode, error) {
	if st, err := fs.Stat(fsys, root); err != nil || !st.IsDir() {
		return nil, fmt.Errorf("help content: %s is missing", root)
	}
	nodes := map[string]SeedNode{}
	err := fs.WalkDir(fsys, root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == root {
			return err
		}
		rel := strings.TrimPrefix(p, root+"/")
		if d.IsDir() {
			return nil // a section is made by its _index.md
		}
		dir, file := path.Split(rel)
		dir = strings.TrimSuffix(dir, "/")
		if !strings.HasSuffix(file, ".md") {
			return fmt.Errorf("help content: %s is not a .md file", p)
		}
		raw, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		title, body, err := splitTitle(string(raw))
		if err != nil {
			return fmt.Errorf("help content: %s: %w", p, err)
		}
		n := Node{Title: Text{EN: title}, Body: Text{EN: body}}
		if file == "_index.md" {
			if dir == "" {
				return fmt.Errorf("help content: %s: the top has no index", p)
			}
			n.Kind = Section
			n.Path, n.Position, err = slugPath(dir)
		} else {
			n.Kind = Article
			n.Path, n.Position, err = slugPath(path.Join(dir, strings.TrimSuffix(file, ".md")))
		}
		if err != nil {
			return fmt.Errorf("help content: %s: %w", p, err)
		}
		if i := strings.LastIndex(n.Path, "/"); i >= 0 {
			n.Parent = n.Path[:i]
		}
		if _, dup := nodes[n.Path]; dup {
			return fmt.Errorf("help content: %s: path %q twice", p, n.Path)
		}
		nodes[n.Path] = SeedNode{Node: n}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for p, n := range nodes {
		if n.Parent != "" {
			if parent, ok := nodes[n.Parent]; !ok || parent.Kind != Section {
				return nil, fmt.Errorf("help content: %q is in a directory without _index.md", p)
			}
		}
	}
	return nodes, nil
}

// slugPath turns "20-renting/10-booking" into "renting/booking" and the last
// name's number (10).
func slugPath(rel string) (string, int, error) {
	parts := strings.Split(rel, "/")
	pos := 0
	for i, part := range parts {
		m := orderedName.FindStringSubmatch(part)
		if m == nil {
			return "", 0, fmt.Errorf("name %q is not NN-slug (lower case letters, digits, dashes)", part)
		}
		parts[i] = m[2]
		pos, _ = strconv.Atoi(m[1])
	}
	return strings.Join(parts, "/"), pos, nil
}

// splitTitle takes the "# Title" first line off a file.
func splitTitle(raw string) (title, body string, err error) {
	raw = strings.TrimLeft(strings.ReplaceAll(raw, "\r\n", "\n"), "\n")
	first, rest, _ := strings.Cut(raw, "\n")
	if !strings.HasPrefix(first, "# ") || strings.TrimSpace(first[2:]) == "" {
		return "", "", fmt.Errorf(`the first line must be "# Title"`)
	}
	return strings.TrimSpace(first[2:]), strings.TrimSpace(rest), nil
}
