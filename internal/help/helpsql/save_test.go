package helpsql_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/uuid"

	"lockers/internal/apperr"
	"lockers/internal/help"
	"lockers/internal/store"
	"lockers/internal/store/storetest"
)

func operator(t *testing.T, db *store.DB) string {
	t.Helper()
	id := uuid.NewString()
	if _, err := db.ExecContext(context.Background(), `INSERT INTO users (id, email, created_at, updated_at)
		VALUES ($1, $2, $3, $3)`, id, id+"@example.com", now); err != nil {
		t.Fatal(err)
	}
	return id
}

// An operator's edit is served, audited, searchable, rendered safely and
// survives the next start-up's seeding; a new article lands at the end of its section.
func TestSaveKeepsOperatorEdits(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc, nodes := seeded(t, db)
		op := operator(t, db)
		src, err := svc.Source(ctx, "payments/invoices")
		if err != nil {
			t.Fatal(err)
		}
		edit := help.Edit{Version: help.Version(src), Note: "receipts asked about"}
		_, err = svc.Save(ctx, op, help.Node{Path: "payments/invoices", Kind: help.Article,
			Title: help.Text{EN: "Invoices and receipts", ET: "Arved ja kviitungid"},
			Body:  help.Text{EN: "Ask **support** <script>alert(1)</script>", ET: "Küsi klienditoelt"}}, edit)
		if err != nil {
			t.Fatal(err)
		}
		added, err := svc.Save(ctx, op, help.Node{Path: "/payments/vouchers/", Kind: help.Article,
			Title: help.Text{EN: "Gift vouchers", ET: "Kinkekaardid"}, Body: help.Text{EN: "Soon.", ET: "Varsti."}},
			help.Edit{Note: "new product"})
		if err != nil || added.Path != "payments/vouchers" || added.Parent != "payments" {
			t.Fatalf("new article %+v, %v", added, err)
		}
		sec, _ := svc.Section(ctx, "payments")
		if last := sec.Children[len(sec.Children)-1]; last.Path != "payments/vouchers" {
			t.Errorf("new article at %s, not last", last.Path)
		}
		r, err := svc.Seed(ctx, nodes)
		if err != nil || r.KeptEdited != 1 || r.Removed != 0 {
			t.Fatalf("seed after edits %+v, %v", r, err)
		}
		a, err := svc.Article(ctx, "payments/invoices")
		if err != nil || a.Article.Title.ET != "Arved ja kviitungid" {
			t.Fatalf("edited article %+v, %v", a.Article, err)
		}
		if html := help.RenderHTML(a.Article.Body.EN); strings.Contains(html, "<script") || !strings.Contains(html, "<strong>support</strong>") {
			t.Errorf("rendered %q", html)
		}
		if hits, _ := svc.Search(ctx, "kviitungid", help.Estonian); len(hits) != 1 || hits[0].Node.Path != "payments/invoices" {
			t.Errorf("search after edit: %+v", hits)
		}
		var n int
		if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM audit_log WHERE action = 'admin.help.save'
			AND actor_id = $1 AND target_type = 'help' AND before_json LIKE '%Invoices%' AND note = 'receipts asked about'`, op).Scan(&n); err != nil || n != 1 {
			t.Errorf("audit rows %d, %v", n, err)
		}

		for name, c := range map[string]struct {
			n    help.Node
			code apperr.Code
		}{
			"bad path":      {help.Node{Path: "Payments/X", Kind: help.Article, Title: help.Text{EN: "a", ET: "b"}}, apperr.BadInput},
			"no parent":     {help.Node{Path: "nowhere/x", Kind: help.Article, Title: help.Text{EN: "a", ET: "b"}}, apperr.BadInput},
			"article below": {help.Node{Path: "payments/invoices/x", Kind: help.Article, Title: help.Text{EN: "a", ET: "b"}}, apperr.BadInput},
			"kind change":   {help.Node{Path: "payments", Kind: help.Article, Title: help.Text{EN: "a", ET: "b"}}, apperr.BadInput},
			"bad kind":      {help.Node{Path: "x", Kind: "page", Title: help.Text{EN: "a", ET: "b"}}, apperr.BadInput},
			"no et title":   {help.Node{Path: "x", Kind: help.Section, Title: help.Text{EN: "a"}}, apperr.MissingParams},
			"huge body":     {help.Node{Path: "x", Kind: help.Article, Title: help.Text{EN: "a", ET: "b"}, Body: help.Text{EN: strings.Repeat("a", help.MaxBodyBytes+1)}}, apperr.BadInput},
		} {
			if _, err := svc.Save(ctx, op, c.n, help.Edit{Note: "test"}); apperr.CodeOf(err) != c.code {
				t.Errorf("%s: %v, want %s", name, err, c.code)
			}
		}
	})
}

// Two operators edit one article: the second save, started from the version
// before the first, is refused (CANT_CHANGE on version) and the first's text
// stays; a save without a reason is MISSING_NOTE.
func TestSaveRefusesAStaleVersionAndNeedsAReason(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc, _ := seeded(t, db)
		op := operator(t, db)
		src, err := svc.Source(ctx, "payments/invoices")
		if err != nil {
			t.Fatal(err)
		}
		edit := func(en string) help.Node {
			return help.Node{Path: "payments/invoices", Kind: help.Article, Title: src.Title,
				Body: help.Text{EN: en, ET: src.Body.ET}}
		}
		if _, err := svc.Save(ctx, op, edit("A's text"), help.Edit{Version: help.Version(src)}); apperr.CodeOf(err) != apperr.MissingNote {
			t.Fatalf("no reason: %v", err)
		}
		if _, err := svc.Save(ctx, op, edit("A's text"), help.Edit{Version: help.Version(src), Note: "A"}); err != nil {
			t.Fatal(err)
		}
		_, err = svc.Save(ctx, op, edit("B's text"), help.Edit{Version: help.Version(src), Note: "B"})
		if e, ok := apperr.As(err); !ok || e.Code != apperr.CantChange || e.Field != "version" {
			t.Fatalf("stale save: %v", err)
		}
		if now, _ := svc.Source(ctx, "payments/invoices"); now.Body.EN != "A's text" {
			t.Fatalf("after the stale save the text is %q", now.Body.EN)
		}
		// A's save sent twice (a double-click) is answered as it is, not as a conflict.
		if again, err := svc.Save(ctx, op, edit("A's text"), help.Edit{Version: help.Version(src), Note: "A"}); err != nil ||
			again.Body.EN != "A's text" {
			t.Fatalf("the same save again: %+v, %v", again, err)
		}
		if _, err := svc.Save(ctx, op, help.Node{Path: "payments/invoices", Kind: help.Article, Title: src.Title},
			help.Edit{Note: "blind"}); apperr.CodeOf(err) != apperr.CantChange {
			t.Fatalf("a save without the version of an existing node: %v", err)
		}
	})
}
