package app

import (
	"context"
	"fmt"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/identity"
	"lockers/internal/ratelimit"
)

// writeBudget is what one user may do of one expensive write: Max at once,
// and Max again over Per (a token bucket refilling one every Per/Max).
type writeBudget struct {
	What string // the writes, as the error names them
	Max  int
	Per  time.Duration
}

// photoUpload is the budget key of POST /c-core/issues/photos (not a
// procedure: the photos are outside tRPC).
const photoUpload = "issue photo upload"

// writeBudgets are the per-user budgets of the expensive writes, by
// procedure path: each call counts, in a batch too, in the shared rate-limit
// store when there is one (RATE_LIMIT_STORE). docs/security.md, "Budgets and
// quotas", states these numbers; a test keeps the two the same.
var writeBudgets = map[string]writeBudget{
	"issue.create":      {"issue reports", 10, time.Hour},
	photoUpload:         {"photo uploads", 20, time.Hour},
	"order.paymentLink": {"payment links", 20, time.Hour},
	"paymentMethod.add": {"card setups", 5, time.Hour},
	"coupon.register":   {"coupon registrations", 10, time.Hour},
}

// budgets holds one limiter per write budget.
type budgets map[string]budgetLimiter

type budgetLimiter struct {
	writeBudget
	lim *ratelimit.Keyed
}

func newBudgets(shared *ratelimit.Shared, table map[string]writeBudget) budgets {
	b := make(budgets, len(table))
	for path, w := range table {
		b[path] = budgetLimiter{w, shared.New("budget:"+path, ratelimit.Config{Every: w.Per / time.Duration(w.Max), Burst: w.Max})}
	}
	return b
}

// admit is rpc.Options.Admit: a call of a budgeted procedure spends one of
// its caller's budget, or is refused with TOO_MANY_REQUESTS naming it. Calls
// without a signed-in caller are the account limits' (per address).
func (b budgets) admit(ctx context.Context, path string) error {
	l, ok := b[path]
	if !ok {
		return nil
	}
	p, ok := identity.From(ctx)
	if !ok || p.UserID == "" {
		return nil
	}
	if !l.lim.Allow(p.UserID) {
		return apperr.New(apperr.CodeTooManyRequest, "%s", l.message())
	}
	return nil
}

// message names the budget: "at most 10 issue reports an hour".
func (w writeBudget) message() string {
	per := "an hour"
	if w.Per != time.Hour {
		per = "in " + w.Per.String()
	}
	return fmt.Sprintf("at most %d %s %s", w.Max, w.What, per)
}
