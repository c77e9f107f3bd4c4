package api

import (
	"lockers/internal/apperr"
	"lockers/internal/help"
)

// HelpTreeInput names a help section by its path ("renting/booking"; "" or
// absent for the top).
type HelpTreeInput struct {
	Path string `json:"path,omitempty"`
}

// HelpArticleInput names a help article by its path ("renting/booking/choose-a-locker").
type HelpArticleInput struct {
	Path string `json:"path"`
}

// Validate requires the path.
func (in HelpArticleInput) Validate() error {
	if in.Path == "" {
		return apperr.Field(apperr.MissingParams, "path", "path is required")
	}
	return nil
}

// HelpSearchInput is a search: its words and the language whose titles rank first
// and whose text the snippets are cut from.
type HelpSearchInput struct {
	Query string `json:"query"`
	Lang  string `json:"lang,omitempty" ts:"'en' | 'et'"`
}

// Validate bounds the query and the language.
func (in HelpSearchInput) Validate() error {
	if _, err := help.SearchTerms(in.Query); err != nil {
		return err
	}
	if in.Lang != "" && in.Lang != string(help.English) && in.Lang != string(help.Estonian) {
		return apperr.Field(apperr.BadInput, "lang", "lang is en or et")
	}
	return nil
}

// HelpNodeView is a section or an article in a list: where it is and its title.
type HelpNodeView struct {
	Path  string        `json:"path"`
	Kind  string        `json:"kind" ts:"'section' | 'article'"`
	Title LocalizedText `json:"title"`
}

// HelpSectionView is help.tree's answer: a section (the top when its path is
// ""), the sections above it, top first, and its children in order. HTML is the
// section's introduction, rendered from Markdown with raw HTML dropped.
type HelpSectionView struct {
	Path        string         `json:"path"`
	Title       LocalizedText  `json:"title"`
	HTML        LocalizedText  `json:"html"`
	Breadcrumbs []HelpNodeView `json:"breadcrumbs"`
	Children    []HelpNodeView `json:"children"`
}

// HelpArticleView is help.article's answer: the article as safe HTML in both
// languages (the app switches language without asking again).
type HelpArticleView struct {
	Path        string         `json:"path"`
	Title       LocalizedText  `json:"title"`
	HTML        LocalizedText  `json:"html"`
	Breadcrumbs []HelpNodeView `json:"breadcrumbs"`
	UpdatedAt   string         `json:"updatedAt"`
}

// HelpHitView is one search result: an article, and a plain-text snippet of its
// body in the asked language around the first word found.
type HelpHitView struct {
	Path    string        `json:"path"`
	Title   LocalizedText `json:"title"`
	Snippet string        `json:"snippet"`
}

func helpNodeView(n help.Node) HelpNodeView {
	return HelpNodeView{Path: n.Path, Kind: string(n.Kind), Title: LocalizedText{En: n.Title.EN, Et: n.Title.ET}}
}

func helpCrumbs(ns []help.Node) []HelpNodeView {
	out := make([]HelpNodeView, 0, len(ns))
	for _, n := range ns {
		out = append(out, helpNodeView(n))
	}
	return out
}

func helpHTML(body help.Text) LocalizedText {
	return LocalizedText{En: help.RenderHTML(body.EN), Et: help.RenderHTML(body.ET)}
}
