package api_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"lockers/internal/api"
	"lockers/internal/apperr"
	"lockers/internal/help"
	"lockers/internal/help/helpsql"
	"lockers/internal/rpc"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

// The help procedures answer anyone (no caller in the context), send articles as
// safe HTML in both languages, and refuse bad input with catalogued codes.
func TestHelpProcedures(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		now := func() time.Time { return apiNow }
		svc := help.NewService(helpsql.New(db), now)
		nodes, err := help.LoadContent(help.Content, "content")
		if err != nil {
			t.Fatal(err)
		}
		// One article carries what must never reach a page.
		nodes = append(nodes, help.SeedNode{Node: help.Node{Path: "account/evil", Parent: "account", Kind: help.Article,
			Title: help.Text{EN: "Evil", ET: "Kuri"},
			Body: help.Text{EN: "Hi <script>alert(1)</script><img src=x onerror=alert(1)> [x](javascript:alert(1))",
				ET: "<div onclick=\"alert(1)\">Tere</div>"}}, Hash: "evil"})
		if _, err := svc.Seed(context.Background(), nodes); err != nil {
			t.Fatal(err)
		}
		a := &bookingAPI{t: t, db: db, procs: map[string]rpc.Procedure{}}
		for _, p := range api.Hybrid(api.Deps{Now: now, Help: svc}) {
			a.procs[p.Path] = p
		}
		for _, p := range []string{"help.tree", "help.article", "help.search"} {
			if a.procs[p].Access != rpc.Public {
				t.Errorf("%s is not public", p)
			}
		}
		anon := context.Background()

		var top api.HelpSectionView
		a.must(anon, "help.tree", ``, &top)
		if top.Path != "" || len(top.Children) != 3 || top.Children[0].Kind != "section" || top.Children[0].Title.Et != "Kapi rentimine" {
			t.Fatalf("top %+v", top)
		}
		var sec api.HelpSectionView
		a.must(anon, "help.tree", `{"path":"renting/opening"}`, &sec)
		if sec.Title.En != "Opening the door" || len(sec.Breadcrumbs) != 1 || len(sec.Children) != 2 || sec.Children[1].Kind != "article" {
			t.Fatalf("section %+v", sec)
		}
		var art api.HelpArticleView
		a.must(anon, "help.article", `{"path":"renting/opening/door-does-not-open"}`, &art)
		if art.Title.Et != "Uks ei avane" || !strings.Contains(art.HTML.En, "<ol>") || !strings.Contains(art.HTML.Et, "<strong>Kontrolli aega.</strong>") ||
			len(art.Breadcrumbs) != 2 || art.UpdatedAt == "" {
			t.Fatalf("article %+v", art)
		}
		a.must(anon, "help.article", `{"path":"account/evil"}`, &art)
		for _, html := range []string{art.HTML.En, art.HTML.Et} {
			low := strings.ToLower(html)
			for _, bad := range []string{"<script", "onerror", "onclick", "javascript:"} {
				if strings.Contains(low, bad) {
					t.Errorf("unsafe %q reached the API: %s", bad, html)
				}
			}
		}
		var hits []api.HelpHitView
		a.must(anon, "help.search", `{"query":"uks","lang":"et"}`, &hits)
		if len(hits) == 0 || hits[0].Title.Et != "Uks ei avane" || hits[0].Snippet == "" || strings.Contains(hits[0].Snippet, "**") {
			t.Fatalf("search %+v", hits)
		}

		a.wantCode(anon, "help.article", `{"path":"renting/nope"}`, apperr.HelpNotFound)
		a.wantCode(anon, "help.article", `{}`, apperr.MissingParams)
		a.wantCode(anon, "help.tree", `{"path":"renting/opening/door-does-not-open"}`, apperr.HelpNotFound)
		a.wantCode(anon, "help.search", `{"query":"uks","lang":"de"}`, apperr.BadInput)
		a.wantCode(anon, "help.search", `{"query":"`+strings.Repeat("a", 201)+`"}`, apperr.BadInput)
	})
}

// help.source answers the Markdown an operator edits (not the rendered HTML),
// to MANAGER and ADMIN only; help.save's change is what readers get next.
func TestHelpSourceAndSave(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		now := func() time.Time { return apiNow }
		svc := help.NewService(helpsql.New(db), now)
		nodes, err := help.LoadContent(help.Content, "content")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Seed(context.Background(), nodes); err != nil {
			t.Fatal(err)
		}
		a := &bookingAPI{t: t, db: db, procs: map[string]rpc.Procedure{}}
		for _, p := range append(api.Admin(api.Deps{Now: now, Help: svc}), api.Hybrid(api.Deps{Now: now, Help: svc})...) {
			a.procs[p.Path] = p
		}
		if a.procs["help.source"].Access != rpc.Manager || a.procs["help.save"].Access != rpc.Admin {
			t.Fatal("help.source is for operators, help.save for administrators")
		}
		op := a.user()
		const path = "renting/opening/door-does-not-open"
		var src api.HelpSourceView
		a.must(op, "help.source", `{"path":"`+path+`"}`, &src)
		if src.Kind != "article" || src.Title.En != "The door does not open" || !strings.Contains(src.Body.Et, "**Kontrolli aega.**") ||
			strings.Contains(src.Body.En, "<") {
			t.Fatalf("help.source %+v", src)
		}
		var sec api.HelpSourceView
		a.must(op, "help.source", `{"path":"/renting/"}`, &sec)
		if sec.Kind != "section" || sec.Title.Et != "Kapi rentimine" {
			t.Fatalf("help.source of a section %+v", sec)
		}
		a.wantCode(op, "help.source", `{"path":"renting/nope"}`, apperr.HelpNotFound)
		a.wantCode(op, "help.source", `{"path":"../etc"}`, apperr.HelpNotFound)
		a.wantCode(op, "help.source", `{}`, apperr.MissingParams)

		save := `{"path":"` + path + `","kind":"article","title":{"en":"Stuck door","et":"Kinni uks"},` +
			`"body":{"en":"Call **us**.","et":"Helista **meile**."},"version":"` + src.Version + `"`
		a.wantCode(op, "help.save", save+`}`, apperr.MissingNote)
		a.must(op, "help.save", save+`,"note":"shorter"}`, nil)
		// The same save again (a double-click) is answered as it is; another text from
		// the same version is a stale copy: a colleague's save is not undone.
		a.must(op, "help.save", save+`,"note":"shorter"}`, nil)
		a.wantCode(op, "help.save", strings.Replace(save, "Call **us**.", "Write to us.", 1)+`,"note":"stale"}`, apperr.CantChange)
		var art api.HelpArticleView
		a.must(context.Background(), "help.article", `{"path":"`+path+`"}`, &art)
		if art.Title.En != "Stuck door" || !strings.Contains(art.HTML.Et, "<strong>meile</strong>") {
			t.Fatalf("the saved article %+v", art)
		}
		a.must(op, "help.source", `{"path":"`+path+`"}`, &src)
		if src.Body.En != "Call **us**." {
			t.Fatalf("help.source after the save %+v", src)
		}
	})
}
