package api

import (
	"context"

	"lockers/internal/apperr"
	"lockers/internal/help"
	"lockers/internal/rpc"
)

// HelpSaveInput is help.save's input: a section or an article in both languages,
// Markdown bodies (rendered without raw HTML when read).
type HelpSaveInput struct {
	Path  string        `json:"path"`
	Kind  string        `json:"kind" ts:"'section' | 'article'"`
	Title LocalizedText `json:"title"`
	Body  LocalizedText `json:"body" input:"text,max=65536"`
	// Version is the node's version the editor started from ("" for a new
	// node): CANT_CHANGE on field version when a colleague saved in between.
	Version string `json:"version"`
	// Note says why the text changes (MISSING_NOTE without one).
	Note string `json:"note" input:"text"`
}

// Validate requires the path; the help service checks the rest.
func (in HelpSaveInput) Validate() error {
	if in.Path == "" {
		return apperr.Field(apperr.MissingParams, "path", "path is required")
	}
	return nil
}

// HelpSourceView is help.source's answer: a node as an operator edits it,
// with its Markdown bodies as stored.
type HelpSourceView struct {
	Path      string        `json:"path"`
	Kind      string        `json:"kind" ts:"'section' | 'article'"`
	Title     LocalizedText `json:"title"`
	Body      LocalizedText `json:"body"`
	UpdatedAt string        `json:"updatedAt"`
	Version   string        `json:"version"`
}

// adminHelpProcedures let an ADMIN edit the help centre (issue 16). An edited
// node is no longer updated from the shipped files
// (docs/decisions/054-help-centre.md).
func adminHelpProcedures(d Deps) []rpc.Procedure {
	return []rpc.Procedure{
		// The editor's form starts from the Markdown, not the rendered HTML the
		// user API answers; reading it is an operator's (MANAGER or ADMIN) right.
		rpc.Query("help.source", rpc.Manager, func(ctx context.Context, in HelpArticleInput) (HelpSourceView, error) {
			n, err := d.Help.Source(ctx, in.Path)
			if err != nil {
				return HelpSourceView{}, err
			}
			return HelpSourceView{Path: n.Path, Kind: string(n.Kind), Title: LocalizedText{En: n.Title.EN, Et: n.Title.ET},
				Body: LocalizedText{En: n.Body.EN, Et: n.Body.ET}, UpdatedAt: rfc3339(n.UpdatedAt),
				Version: help.Version(n)}, nil
		}),
		rpc.Mutation("help.save", rpc.Admin, func(ctx context.Context, in HelpSaveInput) (HelpArticleView, error) {
			n, err := d.Help.Save(ctx, callerID(ctx), help.Node{Path: in.Path, Kind: help.Kind(in.Kind),
				Title: help.Text{EN: in.Title.En, ET: in.Title.Et}, Body: help.Text{EN: in.Body.En, ET: in.Body.Et}}, help.Edit{Version: in.Version, Note: in.Note})
			if err != nil {
				return HelpArticleView{}, err
			}
			return HelpArticleView{Path: n.Path, Title: LocalizedText{En: n.Title.EN, Et: n.Title.ET}, HTML: helpHTML(n.Body),
				Breadcrumbs: []HelpNodeView{}, UpdatedAt: rfc3339(n.UpdatedAt)}, nil
		}),
	}
}
