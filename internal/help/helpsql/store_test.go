package helpsql_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/help"
	"lockers/internal/help/helpsql"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

var now = time.Date(2026, 6, 5, 9, 0, 0, 0, time.UTC)

// seeded returns a service over db with the shipped content in it.
func seeded(t *testing.T, db *store.DB) (*help.Service, []help.SeedNode) {
	t.Helper()
	nodes, err := help.LoadContent(help.Content, "content")
	if err != nil {
		t.Fatal(err)
	}
	svc := help.NewService(helpsql.New(db), func() time.Time { return now })
	r, err := svc.Seed(context.Background(), nodes)
	if err != nil {
		t.Fatal(err)
	}
	if r.Inserted != len(nodes) {
		t.Fatalf("first seed %+v, want %d inserted", r, len(nodes))
	}
	return svc, nodes
}

func TestTreeAndArticles(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc, _ := seeded(t, db)
		top, err := svc.Section(ctx, "")
		if err != nil {
			t.Fatal(err)
		}
		var titles []string
		for _, c := range top.Children {
			titles = append(titles, c.Title.ET)
		}
		if strings.Join(titles, "|") != "Kapi rentimine|Maksed ja arved|Sinu konto" {
			t.Fatalf("top sections %q", titles)
		}
		// Three levels: renting → booking → an article.
		sec, err := svc.Section(ctx, "/renting/booking/")
		if err != nil {
			t.Fatal(err)
		}
		if sec.Section.Title.EN != "Booking" || len(sec.Breadcrumbs) != 1 || sec.Breadcrumbs[0].Title.ET != "Kapi rentimine" ||
			len(sec.Children) != 3 || sec.Children[0].Path != "renting/booking/choose-a-locker" || sec.Children[0].Body.EN != "" {
			t.Fatalf("section %+v", sec)
		}
		a, err := svc.Article(ctx, "renting/booking/choose-a-locker")
		if err != nil {
			t.Fatal(err)
		}
		if a.Article.Title.In(help.English) != "Choosing a station and a locker" || a.Article.Title.In(help.Estonian) != "Jaama ja kapi valimine" ||
			!strings.Contains(a.Article.Body.EN, "31 days") || !strings.Contains(a.Article.Body.ET, "31 päeva") {
			t.Fatalf("article %+v", a.Article)
		}
		if len(a.Breadcrumbs) != 2 || a.Breadcrumbs[1].Path != "renting/booking" {
			t.Fatalf("breadcrumbs %+v", a.Breadcrumbs)
		}
		for _, p := range []string{"nope", "renting/nope", "renting/booking/choose-a-locker/x", "../etc", "Renting", ""} {
			if _, err := svc.Article(ctx, p); apperr.CodeOf(err) != apperr.HelpNotFound {
				t.Errorf("article %q: %v", p, err)
			}
		}
		// A section is not an article, nor an article a section.
		if _, err := svc.Article(ctx, "renting/booking"); apperr.CodeOf(err) != apperr.HelpNotFound {
			t.Errorf("section as article: %v", err)
		}
		if _, err := svc.Section(ctx, "renting/booking/choose-a-locker"); apperr.CodeOf(err) != apperr.HelpNotFound {
			t.Errorf("article as section: %v", err)
		}
	})
}

func TestSearchBothLanguages(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc, _ := seeded(t, db)
		paths := func(hits []help.Hit) []string {
			var out []string
			for _, h := range hits {
				out = append(out, h.Node.Path)
			}
			return out
		}
		for _, c := range []struct {
			query string
			lang  help.Lang
			first string
		}{
			{"door", help.English, "renting/opening/door-does-not-open"},   // title in English first
			{"UKS", help.Estonian, "renting/opening/door-does-not-open"},   // case folded
			{"ARVED", help.Estonian, "payments/invoices"},                  // "Arved"
			{"Tühistamine", help.Estonian, "renting/changing/cancel"},      // non-ASCII folding on SQLite
			{"extend", help.Estonian, "renting/changing/extend"},           // the other language's words find it too
			{"refund 15 minutes", help.English, "renting/changing/cancel"}, // every word
		} {
			hits, err := svc.Search(ctx, c.query, c.lang)
			if err != nil {
				t.Fatal(err)
			}
			if len(hits) == 0 || hits[0].Node.Path != c.first {
				t.Errorf("search %q (%s) = %v, want %s first", c.query, c.lang, paths(hits), c.first)
			}
			for _, h := range hits {
				if h.Node.Kind != help.Article {
					t.Errorf("search %q found a section %s", c.query, h.Node.Path)
				}
			}
		}
		// Titles rank above bodies: "kood" is in the title of the codes article and only in bodies elsewhere.
		hits, _ := svc.Search(ctx, "koodid", help.Estonian)
		if len(hits) < 2 || hits[0].Rank >= hits[len(hits)-1].Rank {
			t.Errorf("koodid: %v", paths(hits))
		}
		// Estonian word forms find each other (issue 28): "tagastus" (a refund)
		// finds what "refund" finds, and so do "tagastamine" and "tagastatud";
		// English is matched as typed.
		refund, _ := svc.Search(ctx, "refund", help.English)
		if len(refund) < 2 {
			t.Fatalf("refund: %v, want at least 2 articles", paths(refund))
		}
		for _, q := range []string{"tagastus", "tagastamine", "Tagastatud", "tagastuse"} {
			hits, err := svc.Search(ctx, q, help.Estonian)
			if err != nil {
				t.Fatal(err)
			}
			for _, want := range paths(refund) {
				if !slices.Contains(paths(hits), want) {
					t.Errorf("search %q (et) = %v, lacks %s, which \"refund\" finds", q, paths(hits), want)
				}
			}
		}
		if hits, _ := svc.Search(ctx, "tühistamine", help.Estonian); len(hits) == 0 || hits[0].Node.Path != "renting/changing/cancel" {
			t.Errorf("tühistamine: %v", paths(hits))
		}
		for _, q := range []string{"", "   ", "zzzqqq", "100%", "a_b"} {
			if hits, err := svc.Search(ctx, q, help.English); err != nil || len(hits) != 0 {
				t.Errorf("search %q = %v, %v", q, paths(hits), err)
			}
		}
		if _, err := svc.Search(ctx, strings.Repeat("x", help.MaxQueryRunes+1), help.English); apperr.CodeOf(err) != apperr.BadInput {
			t.Errorf("long query: %v", err)
		}
	})
}

func TestSeedingIsIdempotentAndKeepsEdits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc, nodes := seeded(t, db)
		r, err := svc.Seed(ctx, nodes)
		if err != nil || r.Unchanged != len(nodes) || r.Inserted+r.Updated+r.Removed+r.KeptEdited != 0 {
			t.Fatalf("second seed %+v, %v", r, err)
		}
		// An operator edits one article; a release changes it and another one,
		// and drops a third.
		if _, err := db.ExecContext(ctx, `UPDATE help_nodes SET body_en = 'Operator text', edited_at = $1
			WHERE path = 'payments/invoices'`, now); err != nil {
			t.Fatal(err)
		}
		var next []help.SeedNode
		for _, n := range nodes {
			switch n.Path {
			case "payments/invoices", "account/sign-up-and-sign-in":
				n.Body.EN += "\n\nNew paragraph."
				n.Hash += "-2"
			case "account/profile-and-deletion":
				continue
			}
			next = append(next, n)
		}
		r, err = svc.Seed(ctx, next)
		if err != nil || r.Updated != 1 || r.KeptEdited != 1 || r.Removed != 1 || r.Unchanged != len(nodes)-3 {
			t.Fatalf("seed after a release %+v, %v", r, err)
		}
		if a, _ := svc.Article(ctx, "payments/invoices"); a.Article.Body.EN != "Operator text" {
			t.Errorf("operator edit overwritten: %q", a.Article.Body.EN)
		}
		if a, _ := svc.Article(ctx, "account/sign-up-and-sign-in"); !strings.HasSuffix(a.Article.Body.EN, "New paragraph.") {
			t.Errorf("changed file not applied: %q", a.Article.Body.EN)
		}
		if _, err := svc.Article(ctx, "account/profile-and-deletion"); apperr.CodeOf(err) != apperr.HelpNotFound {
			t.Errorf("dropped file still served: %v", err)
		}
		if hits, _ := svc.Search(ctx, "new paragraph", help.English); len(hits) != 1 {
			t.Errorf("search does not see the update: %d hits", len(hits))
		}
	})
}
