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
}

// Validate requires the path; the help service checks the rest.
func (in HelpSaveInput) Validate() error {
	if in.Path == "" {
		return apperr.Field(apperr.MissingParams, "path", "path is required")
	}
	return nil
}

// adminHelpProcedures let an ADMIN edit the help centre (issue 16). An edited
// node is no longer updated from the shipped files (docs/decisions.md, "Help centre").
func adminHelpProcedures(d Deps) []rpc.Procedure {
	return []rpc.Procedure{
		rpc.Mutation("help.save", rpc.Admin, func(ctx context.Context, in HelpSaveInput) (HelpArticleView, error) {
			n, err := d.Help.Save(ctx, callerID(ctx), help.Node{Path: in.Path, Kind: help.Kind(in.Kind),
				Title: help.Text{EN: in.Title.En, ET: in.Title.Et}, Body: help.Text{EN: in.Body.En, ET: in.Body.Et}})
			if err != nil {
				return HelpArticleView{}, err
			}
			return HelpArticleView{Path: n.Path, Title: LocalizedText{En: n.Title.EN, Et: n.Title.ET}, HTML: helpHTML(n.Body),
				Breadcrumbs: []HelpNodeView{}, UpdatedAt: rfc3339(n.UpdatedAt)}, nil
		}),
	}
}
