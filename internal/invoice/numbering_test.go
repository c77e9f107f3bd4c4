package invoice_test

import (
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"lockers/internal/apperr"
	"lockers/internal/invoice"
	"lockers/internal/invoice/invoicetest"
)

// TestNumbersAreGaplessUnder50ConcurrentPayments issues 50 invoices at once,
// each payment's webhook arriving twice, among calls that fail after their
// number was taken (an unknown order): every payment gets one invoice and the
// numbers are exactly 1..50.
func TestNumbersAreGaplessUnder50ConcurrentPayments(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		const payments = 50
		p := e.party("et")
		var (
			wg     sync.WaitGroup
			mu     sync.Mutex
			byPay  = map[string]map[string]bool{} // payment → invoice numbers answered
			failed []error
		)
		call := func(f invoice.PaidFacts, wantErr bool) {
			defer wg.Done()
			inv, err := e.svc.Paid(e.ctx, f)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case wantErr && apperr.CodeOf(err) != apperr.BadInput:
				failed = append(failed, fmt.Errorf("%s: %v, want BAD_INPUT", f.PaymentID, err))
			case !wantErr && err != nil:
				failed = append(failed, fmt.Errorf("%s: %w", f.PaymentID, err))
			case !wantErr:
				if byPay[f.PaymentID] == nil {
					byPay[f.PaymentID] = map[string]bool{}
				}
				byPay[f.PaymentID][inv.Number] = true
			}
		}
		for i := range payments {
			f := invoicetest.Facts(p.user, p.order, fmt.Sprintf("pay_%02d", i), start)
			wg.Add(2)
			go call(f, false)
			go call(f, false)
			if i%10 == 0 {
				wg.Add(1)
				go call(invoicetest.Facts(p.user, uuid.NewString(), fmt.Sprintf("bad_%02d", i), start), true)
			}
		}
		wg.Wait()
		for _, err := range failed {
			t.Error(err)
		}

		var numbers []string
		for pay, got := range byPay {
			if len(got) != 1 {
				t.Errorf("payment %s was answered with %d different invoices: %v", pay, len(got), got)
			}
			for n := range got {
				numbers = append(numbers, n)
			}
		}
		slices.Sort(numbers)
		want := make([]string, payments)
		for i := range want {
			want[i] = invoice.FormatNumber(2026, i+1)
		}
		if !slices.Equal(numbers, want) {
			t.Fatalf("numbers %v,\nwant 2026-000001 … 2026-%06d without gaps", numbers, payments)
		}
		listed, err := e.svc.List(e.ctx, p.user, "")
		if err != nil || len(listed) != payments {
			t.Fatalf("List: %d invoices, %v; want %d", len(listed), err, payments)
		}
	})
}

// TestNumbersRestartEachCalendarYear: the year turns at midnight in Tallinn,
// and credit notes count in the invoices' sequence.
func TestNumbersRestartEachCalendarYear(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		p := e.party("et")
		steps := []struct {
			at   time.Time
			do   func() invoice.Invoice
			want string
		}{
			{time.Date(2026, 12, 31, 21, 58, 0, 0, time.UTC), func() invoice.Invoice { return e.paid(p, "pay_a") }, "2026-000001"},
			{time.Date(2026, 12, 31, 21, 59, 59, 0, time.UTC), func() invoice.Invoice { return e.paid(p, "pay_b") }, "2026-000002"},
			// 00:00:01 on 1 January in Tallinn, still 2026 in UTC.
			{time.Date(2026, 12, 31, 22, 0, 1, 0, time.UTC), func() invoice.Invoice { return e.paid(p, "pay_c") }, "2027-000001"},
			{time.Date(2027, 1, 2, 9, 0, 0, 0, time.UTC), func() invoice.Invoice { return e.refunded("re_a", "pay_a", 3120) }, "2027-000002"},
			{time.Date(2027, 1, 2, 9, 1, 0, 0, time.UTC), func() invoice.Invoice { return e.paid(p, "pay_d") }, "2027-000003"},
			{time.Date(2028, 1, 1, 9, 0, 0, 0, time.UTC), func() invoice.Invoice { return e.paid(p, "pay_e") }, "2028-000001"},
		}
		for _, s := range steps {
			e.clock.Set(s.at)
			if got := s.do(); got.Number != s.want {
				t.Fatalf("at %s: number %s, want %s", s.at, got.Number, s.want)
			}
		}
	})
}
