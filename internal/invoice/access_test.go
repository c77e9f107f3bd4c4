package invoice_test

import (
	"slices"
	"testing"

	"github.com/google/uuid"

	"lockers/internal/apperr"
	"lockers/internal/invoice/invoicetest"
)

func (e *env) order(userID string) string {
	e.t.Helper()
	return invoicetest.Order(e.t, e.db, userID)
}

func TestAnotherUsersInvoicesAreNotFound(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		alice, bob := e.party("en"), e.party("et")
		inv := e.paid(alice, "pay_1")
		for _, id := range []string{inv.ID, uuid.NewString(), "not-an-id", "", inv.ID + "x"} {
			_, err := e.svc.Get(e.ctx, bob.user, id)
			wantCode(t, err, apperr.InvoiceNotFound)
			_, err = e.svc.PDF(e.ctx, bob.user, id, "")
			wantCode(t, err, apperr.InvoiceNotFound)
		}
		if len(e.printer.docs) != 0 {
			t.Fatalf("printed %d documents for a stranger", len(e.printer.docs))
		}
		if list, err := e.svc.List(e.ctx, bob.user, ""); err != nil || len(list) != 0 {
			t.Fatalf("bob's list: %d invoices, %v; want none", len(list), err)
		}
		if list, err := e.svc.List(e.ctx, bob.user, alice.order); err != nil || len(list) != 0 {
			t.Fatalf("bob's list of alice's order: %d invoices, %v; want none", len(list), err)
		}
		_, err := e.svc.List(e.ctx, bob.user, "nope")
		wantCode(t, err, apperr.OrderNotFound)
	})
}

func TestListIsNewestFirstAndFiltersByOrder(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		p := e.party("en")
		second := party{user: p.user, order: e.order(p.user)}
		a := e.paid(p, "pay_1")
		b := e.paid(second, "pay_2")
		c := e.refunded("re_1", "pay_1", 100)
		numbers := func(orderID string) []string {
			t.Helper()
			list, err := e.svc.List(e.ctx, p.user, orderID)
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, inv := range list {
				if len(inv.Lines) == 0 {
					t.Errorf("%s listed without lines", inv.Number)
				}
				out = append(out, inv.Number)
			}
			return out
		}
		for _, tc := range []struct {
			order string
			want  []string
		}{{"", []string{c.Number, b.Number, a.Number}}, {p.order, []string{c.Number, a.Number}},
			{second.order, []string{b.Number}}} {
			if got := numbers(tc.order); !slices.Equal(got, tc.want) {
				t.Errorf("List(order %q) = %v, want %v", tc.order, got, tc.want)
			}
		}
	})
}

func TestPDFSpeaksTheBuyersLanguageUnlessAskedOtherwise(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		et, en := e.party("et"), e.party("en")
		etInv, enInv := e.paid(et, "pay_et"), e.paid(en, "pay_en")
		for _, tc := range []struct {
			user, id, lang, want string
		}{{et.user, etInv.ID, "", "et"}, {en.user, enInv.ID, "", "en"}, {et.user, etInv.ID, "en", "en"},
			{en.user, enInv.ID, "et", "et"}} {
			pdf, err := e.svc.PDF(e.ctx, tc.user, tc.id, tc.lang)
			if err != nil {
				t.Fatal(err)
			}
			last := e.printer.docs[len(e.printer.docs)-1]
			if last.Language != tc.want || string(pdf.Bytes) != "%PDF-"+tc.want || last.Invoice.ID != tc.id ||
				last.Buyer.Name != e.buyers[tc.user].Name || last.Buyer.Email != e.buyers[tc.user].Email {
				t.Errorf("PDF(lang %q) printed %s in %q for %+v; want %q", tc.lang, last.Invoice.Number,
					last.Language, last.Buyer, tc.want)
			}
		}
		_, err := e.svc.PDF(e.ctx, et.user, etInv.ID, "de")
		wantCode(t, err, apperr.BadInput)

		// A signed link stands for the owner.
		if pdf, err := e.svc.LinkedPDF(e.ctx, etInv.ID, ""); err != nil || string(pdf.Bytes) != "%PDF-et" {
			t.Fatalf("LinkedPDF = %q, %v", pdf.Bytes, err)
		}
		_, err = e.svc.LinkedPDF(e.ctx, uuid.NewString(), "")
		wantCode(t, err, apperr.InvoiceNotFound)
	})
}
