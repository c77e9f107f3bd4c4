package help

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"lockers/internal/apperr"
)

// MaxBodyBytes bounds a body an operator saves: an article, not a book.
const MaxBodyBytes = 64 << 10

// Save stores an operator's edit of a section or an article, or a new one under
// an existing section (help.save). The path must be well formed, the parent must
// be a section, titles are required in both languages, and a node keeps its
// kind. From then on the shipped files no longer overwrite it. The edit's
// reason is required (MISSING_NOTE) and its version must be the node's now
// ("" for a new node): otherwise CANT_CHANGE on field version, the editor
// reads the node again and shows it.
func (s *Service) Save(ctx context.Context, actorID string, n Node, e Edit) (Node, error) {
	e.Note = strings.TrimSpace(e.Note)
	if e.Note == "" {
		return Node{}, apperr.Field(apperr.MissingNote, "note", "a reason is required")
	}
	if len(e.Note) > 1000 {
		return Node{}, apperr.Field(apperr.BadInput, "note", "the reason is too long")
	}
	p, ok := cleanPath(n.Path)
	if !ok || p == "" {
		return Node{}, apperr.Field(apperr.BadInput, "path", "path is lower-case words joined by - and /")
	}
	n.Path, n.Parent = p, ""
	if i := lastSlash(p); i >= 0 {
		n.Parent = p[:i]
	}
	if n.Kind != Section && n.Kind != Article {
		return Node{}, apperr.Field(apperr.BadInput, "kind", "kind is section or article")
	}
	if n.Title.EN == "" || n.Title.ET == "" {
		return Node{}, apperr.Field(apperr.MissingParams, "title", "a title is required in English and Estonian")
	}
	if len(n.Body.EN) > MaxBodyBytes || len(n.Body.ET) > MaxBodyBytes {
		return Node{}, apperr.Field(apperr.BadInput, "body", fmt.Sprintf("at most %d bytes a language", MaxBodyBytes))
	}
	if n.Parent != "" {
		parent, err := s.store.Node(ctx, n.Parent)
		if errors.Is(err, ErrNotFound) || (err == nil && parent.Kind != Section) {
			return Node{}, apperr.Field(apperr.BadInput, "path", "the parent section does not exist")
		}
		if err != nil {
			return Node{}, fmt.Errorf("help: save: %w", err)
		}
	}
	old, err := s.store.Node(ctx, p)
	switch {
	case err == nil && old.Kind != n.Kind:
		return Node{}, apperr.Field(apperr.BadInput, "kind", "a node keeps its kind")
	case err != nil && !errors.Is(err, ErrNotFound):
		return Node{}, fmt.Errorf("help: save: %w", err)
	}
	saved, err := s.store.Save(ctx, n, actorID, e, s.now().UTC())
	if errors.Is(err, ErrStale) {
		return Node{}, apperr.Field(apperr.CantChange, "version",
			"someone else saved this in the meantime; the current text is shown, check it and save again")
	}
	if err != nil {
		return Node{}, fmt.Errorf("help: save: %w", err)
	}
	return saved, nil
}

func lastSlash(p string) int {
	for i := len(p) - 1; i >= 0; i-- {
		if p[i] == '/' {
			return i
		}
	}
	return -1
}

// Source returns the section or article at path with its Markdown as stored,
// for an operator to edit (help.source): HELP_NOT_FOUND when there is none.
func (s *Service) Source(ctx context.Context, path string) (Node, error) {
	p, ok := cleanPath(path)
	if !ok || p == "" {
		return Node{}, notFound(path)
	}
	n, err := s.store.Node(ctx, p)
	if errors.Is(err, ErrNotFound) {
		return Node{}, notFound(p)
	}
	if err != nil {
		return Node{}, fmt.Errorf("help: source %q: %w", p, err)
	}
	return n, nil
}
