// Package help is the help centre: a tree of any depth of sections and
// articles, each with a title and a Markdown body in English and Estonian. The
// texts live in the database (operators may edit them) and are seeded at
// start-up from the Markdown files under content/ (see seed.go and
// docs/decisions/054-help-centre.md). Bodies leave this package as HTML
// rendered without raw HTML (render.go).
package help

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"time"
)

// Kind tells a section (has children) from an article (has a body to read).
type Kind string

const (
	Section Kind = "section"
	Article Kind = "article"
)

// Lang is a language the help centre is written in.
type Lang string

const (
	English  Lang = "en"
	Estonian Lang = "et"
)

// Text is one string in both languages.
type Text struct{ EN, ET string }

// In returns the text in lang (English for anything else).
func (t Text) In(lang Lang) string {
	if lang == Estonian {
		return t.ET
	}
	return t.EN
}

// Node is a section or an article. Path is its slash-separated address without
// a leading slash ("renting/booking/choose-a-locker"); Parent is the path of its
// section ("" for a top section).
type Node struct {
	Path     string
	Parent   string
	Kind     Kind
	Position int
	Title    Text
	// Body is Markdown: a section's introduction (may be empty) or an article.
	Body      Text
	UpdatedAt time.Time
}

// Hit is a search result: an article and the rank it matched with (lower is better).
type Hit struct {
	Node Node
	Rank int
}

// SeedNode is a node as the repository's Markdown files describe it; Hash
// identifies the files' content, so unchanged files are not written again.
type SeedNode struct {
	Node
	Hash string
}

// SeedReport counts what one seeding did.
type SeedReport struct {
	Inserted, Updated, Unchanged, KeptEdited, Removed int
}

// ErrNotFound is returned by the store for a path with no node.
var ErrNotFound = errors.New("help: no such node")

// Store keeps the help tree.
type Store interface {
	// Node returns the node at path, or ErrNotFound.
	Node(ctx context.Context, path string) (Node, error)
	// Nodes returns the nodes at the given paths that exist, in no order.
	Nodes(ctx context.Context, paths []string) ([]Node, error)
	// Children returns a section's children ("" for the top), by position then path,
	// with empty bodies.
	Children(ctx context.Context, parent string) ([]Node, error)
	// Search returns up to limit articles in which every term (already folded to
	// lower case) occurs in a title or body of either language, best ranked first.
	Search(ctx context.Context, terms []string, lang Lang, limit int) ([]Hit, error)
	// Seed applies the repository's nodes as docs/decisions/054-help-centre.md says.
	Seed(ctx context.Context, nodes []SeedNode, now time.Time) (SeedReport, error)
	// Save writes an operator's version of a node (inserted at the end of its
	// section when new), marks it edited so seeding leaves it alone, and records
	// the change in the audit log by actorID, all in one transaction. It returns
	// the node as stored.
	// The save is refused with ErrStale when the node's version is no longer
	// e.Version (a colleague saved in between); e.Note goes to the audit log.
	Save(ctx context.Context, n Node, actorID string, e Edit, now time.Time) (Node, error)
}

// Edit is what an operator's save says besides the node: the node's version
// the editor started from ("" for a new node) and the reason for the edit.
type Edit struct {
	Version string
	Note    string
}

// ErrStale: the node changed since the editor read it.
var ErrStale = errors.New("help: the node changed since it was read")

// Version is a node's version: a digest of what an operator edits (its kind,
// titles and bodies), "" for none. A save names the version it started from
// so that it cannot silently undo a colleague's edit.
func Version(n Node) string {
	h := sha256.New()
	for _, part := range []string{string(n.Kind), n.Title.EN, n.Title.ET, n.Body.EN, n.Body.ET} {
		h.Write([]byte(part))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}
