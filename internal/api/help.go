package api

import (
	"context"

	"lockers/internal/help"
	"lockers/internal/rpc"
)

// helpProcedures are the help centre's; anyone may read help, signed in or not.
func helpProcedures(d Deps) []rpc.Procedure {
	return []rpc.Procedure{
		rpc.Query("help.tree", rpc.Public, func(ctx context.Context, in HelpTreeInput) (HelpSectionView, error) {
			page, err := d.Help.Section(ctx, in.Path)
			if err != nil {
				return HelpSectionView{}, err
			}
			return HelpSectionView{
				Path: page.Section.Path, Title: LocalizedText{En: page.Section.Title.EN, Et: page.Section.Title.ET},
				HTML: helpHTML(page.Section.Body), Breadcrumbs: helpCrumbs(page.Breadcrumbs), Children: helpCrumbs(page.Children),
			}, nil
		}),
		rpc.Query("help.article", rpc.Public, func(ctx context.Context, in HelpArticleInput) (HelpArticleView, error) {
			page, err := d.Help.Article(ctx, in.Path)
			if err != nil {
				return HelpArticleView{}, err
			}
			a := page.Article
			return HelpArticleView{
				Path: a.Path, Title: LocalizedText{En: a.Title.EN, Et: a.Title.ET}, HTML: helpHTML(a.Body),
				Breadcrumbs: helpCrumbs(page.Breadcrumbs), UpdatedAt: rfc3339(a.UpdatedAt),
			}, nil
		}),
		rpc.Query("help.search", rpc.Public, func(ctx context.Context, in HelpSearchInput) ([]HelpHitView, error) {
			lang := help.Lang(in.Lang)
			hits, err := d.Help.Search(ctx, in.Query, lang)
			if err != nil {
				return nil, err
			}
			terms, _ := help.SearchTerms(in.Query)
			out := make([]HelpHitView, 0, len(hits))
			for _, h := range hits {
				out = append(out, HelpHitView{
					Path: h.Node.Path, Title: LocalizedText{En: h.Node.Title.EN, Et: h.Node.Title.ET},
					Snippet: help.Snippet(help.PlainText(h.Node.Body.In(lang)), terms, help.SnippetRunes),
				})
			}
			return out, nil
		}),
	}
}
