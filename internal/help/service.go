package help

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"lockers/internal/apperr"
)

// Limits of a search: a query is a handful of words, a page of results is enough.
const (
	MaxQueryRunes = 200
	maxTerms      = 6
	searchLimit   = 20
	// SnippetRunes is about how long a search result's snippet is.
	SnippetRunes = 160
)

// Service answers help.tree, help.article and help.search and seeds the tree.
type Service struct {
	store Store
	now   func() time.Time
}

// NewService returns the help service; now may be nil for time.Now.
func NewService(store Store, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{store: store, now: now}
}

// SectionPage is a section with the way to it and what it holds.
type SectionPage struct {
	Section     Node // the top is a Node with an empty Path and Kind Section
	Breadcrumbs []Node
	Children    []Node
}

// ArticlePage is an article with the way to it.
type ArticlePage struct {
	Article     Node
	Breadcrumbs []Node
}

var pathSegment = regexp.MustCompile(`^[a-z0-9]+(?:-[a-z0-9]+)*$`)

// cleanPath trims the slashes off a path the web app sends ("/renting/booking/")
// and reports whether it could name a node at all.
func cleanPath(p string) (string, bool) {
	p = strings.Trim(p, "/")
	if len(p) > 300 {
		return "", false
	}
	if p == "" {
		return "", true
	}
	for _, seg := range strings.Split(p, "/") {
		if !pathSegment.MatchString(seg) {
			return "", false
		}
	}
	return p, true
}

func notFound(p string) error {
	return apperr.New(apperr.HelpNotFound, "no help topic at %q", p)
}

// Section returns the section at path ("" for the top): HELP_NOT_FOUND when
// there is none (an article's path included).
func (s *Service) Section(ctx context.Context, path string) (SectionPage, error) {
	p, ok := cleanPath(path)
	if !ok {
		return SectionPage{}, notFound(path)
	}
	page := SectionPage{Section: Node{Kind: Section}}
	if p != "" {
		n, err := s.node(ctx, p, Section)
		if err != nil {
			return SectionPage{}, err
		}
		page.Section = n
		if page.Breadcrumbs, err = s.ancestors(ctx, p); err != nil {
			return SectionPage{}, err
		}
	}
	children, err := s.store.Children(ctx, p)
	if err != nil {
		return SectionPage{}, fmt.Errorf("help: children of %q: %w", p, err)
	}
	page.Children = children
	return page, nil
}

// Article returns the article at path: HELP_NOT_FOUND when there is none (a
// section's path included).
func (s *Service) Article(ctx context.Context, path string) (ArticlePage, error) {
	p, ok := cleanPath(path)
	if !ok || p == "" {
		return ArticlePage{}, notFound(path)
	}
	n, err := s.node(ctx, p, Article)
	if err != nil {
		return ArticlePage{}, err
	}
	crumbs, err := s.ancestors(ctx, p)
	if err != nil {
		return ArticlePage{}, err
	}
	return ArticlePage{Article: n, Breadcrumbs: crumbs}, nil
}

func (s *Service) node(ctx context.Context, p string, kind Kind) (Node, error) {
	n, err := s.store.Node(ctx, p)
	if errors.Is(err, ErrNotFound) || (err == nil && n.Kind != kind) {
		return Node{}, notFound(p)
	}
	if err != nil {
		return Node{}, fmt.Errorf("help: node %q: %w", p, err)
	}
	return n, nil
}

// ancestors returns the sections above p, top first. One missing (a tree an
// operator broke) is left out rather than failing the page.
func (s *Service) ancestors(ctx context.Context, p string) ([]Node, error) {
	segs := strings.Split(p, "/")
	paths := make([]string, 0, len(segs)-1)
	for i := 1; i < len(segs); i++ {
		paths = append(paths, strings.Join(segs[:i], "/"))
	}
	if len(paths) == 0 {
		return []Node{}, nil
	}
	found, err := s.store.Nodes(ctx, paths)
	if err != nil {
		return nil, fmt.Errorf("help: ancestors of %q: %w", p, err)
	}
	byPath := make(map[string]Node, len(found))
	for _, n := range found {
		byPath[n.Path] = n
	}
	out := make([]Node, 0, len(paths))
	for _, ap := range paths {
		if n, ok := byPath[ap]; ok {
			out = append(out, n)
		}
	}
	return out, nil
}

// SearchTerms folds a query into its words (at most maxTerms): BAD_INPUT for
// a query longer than MaxQueryRunes.
func SearchTerms(query string) ([]string, error) {
	if len([]rune(query)) > MaxQueryRunes {
		return nil, apperr.Field(apperr.BadInput, "query", fmt.Sprintf("at most %d characters", MaxQueryRunes))
	}
	terms := strings.Fields(Fold(query))
	if len(terms) > maxTerms {
		terms = terms[:maxTerms]
	}
	return terms, nil
}

// Search finds the articles in which every word of query occurs, in a title or
// a body, in either language; titles in lang rank first, then titles in the
// other language, then bodies. An empty query finds nothing.
func (s *Service) Search(ctx context.Context, query string, lang Lang) ([]Hit, error) {
	terms, err := SearchTerms(query)
	if err != nil || len(terms) == 0 {
		return []Hit{}, err
	}
	hits, err := s.store.Search(ctx, terms, lang, searchLimit)
	if err != nil {
		return nil, fmt.Errorf("help: search: %w", err)
	}
	return hits, nil
}

// Seed writes the shipped content to the store (see Store.Seed).
func (s *Service) Seed(ctx context.Context, nodes []SeedNode) (SeedReport, error) {
	r, err := s.store.Seed(ctx, nodes, s.now().UTC())
	if err != nil {
		return r, fmt.Errorf("help: seed: %w", err)
	}
	return r, nil
}
