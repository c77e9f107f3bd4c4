package hardware_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"lockers/internal/apperr"
	"lockers/internal/demo"
	"lockers/internal/hardware"
)

// refusedIntent fails unless err is the refusal of an intent: CANT_OPEN on
// the field intent.
func refusedIntent(t *testing.T, what string, err error) {
	t.Helper()
	ae, ok := apperr.As(err)
	if !ok || ae.Code != apperr.CantOpen || ae.Field != "intent" {
		t.Fatalf("%s: %v, want CANT_OPEN on intent", what, err)
	}
}

// nothingSent fails when a command reached the door or was recorded for it.
func (e *env) nothingSent(what string, sentBefore int32) {
	e.t.Helper()
	if n := e.ctrl.sent.Load(); n != sentBefore {
		e.t.Fatalf("%s: %d commands sent to the station", what, n-sentBefore)
	}
}

func (e *env) commands() int { return e.count(`SELECT count(*) FROM door_commands`) }

// The incident of issue 26: the user confirmed, the phone was offline, they
// changed their mind, and the open reached the server 30 s later. Past the
// TTL (20 s by default) nothing is sent to the door and nothing is recorded.
func TestAnOpenLaterThanTheIntentsTTLOpensNothing(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		r := e.now(1)
		issued := time.Now()
		in, err := e.hw.OpenIntent(e.ctx, r.user, r.order, r.orderLocker)
		if err != nil {
			t.Fatal(err)
		}
		if d := in.ExpiresAt.Sub(issued); d < hardware.DefaultIntentTTL-time.Second || d > hardware.DefaultIntentTTL+time.Second {
			t.Fatalf("expires in %v, want about %v", d, hardware.DefaultIntentTTL)
		}
		if len(in.Token) < 40 || strings.ContainsAny(in.Token, "+/=") {
			t.Fatalf("token %q: want 256 random bits, URL-safe", in.Token)
		}
		if n := e.count(`SELECT count(*) FROM door_intents WHERE token_hash = $1`, in.Token); n != 0 {
			t.Fatal("the raw token is stored")
		}

		e.clock.Skew(hardware.DefaultIntentTTL + time.Second)
		_, err = e.hw.Open(e.ctx, r.user, r.order, r.orderLocker, in.Token)
		refusedIntent(t, "an open 21 s after its intent", err)
		e.nothingSent("a late open", 0)
		if n := e.commands(); n != 0 {
			t.Fatalf("%d door commands recorded for a late open", n)
		}
		if n := e.count(`SELECT count(*) FROM order_lockers WHERE id = $1 AND opened_at IS NOT NULL`, r.orderLocker); n != 0 {
			t.Fatal("the order locker is marked opened")
		}

		// Within the TTL the same kind of open goes through.
		e.clock.Skew(0)
		in, err = e.hw.OpenIntent(e.ctx, r.user, r.order, r.orderLocker)
		if err != nil {
			t.Fatal(err)
		}
		e.clock.Skew(hardware.DefaultIntentTTL - time.Second)
		if _, err := e.hw.Open(e.ctx, r.user, r.order, r.orderLocker, in.Token); err != nil {
			t.Fatalf("an open 19 s after its intent: %v", err)
		}
	})
}

func TestAnIntentOpensOnceAndOnlyItsOwnersDoor(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		r := e.now(1)
		other := e.now(2) // another user's rental
		second := e.now(3)
		if _, err := e.db.ExecContext(e.ctx, `UPDATE orders SET user_id = $1 WHERE id = $2`, r.user, second.order); err != nil {
			t.Fatal(err)
		}
		second.user = r.user // r's user rents A01 and A03

		in, err := e.hw.OpenIntent(e.ctx, r.user, r.order, r.orderLocker)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.hw.Open(e.ctx, r.user, r.order, r.orderLocker, in.Token); err != nil {
			t.Fatal(err)
		}
		sent := e.ctrl.sent.Load()
		_, err = e.hw.Open(e.ctx, r.user, r.order, r.orderLocker, in.Token)
		refusedIntent(t, "an intent used twice", err)
		e.nothingSent("an intent used twice", sent)

		// Another user's intent, and the user's own intent for another door.
		theirs, err := e.hw.OpenIntent(e.ctx, other.user, other.order, other.orderLocker)
		if err != nil {
			t.Fatal(err)
		}
		mine3, err := e.hw.OpenIntent(e.ctx, r.user, second.order, second.orderLocker)
		if err != nil {
			t.Fatal(err)
		}
		for what, token := range map[string]string{"another user's intent": theirs.Token,
			"the intent of another order locker": mine3.Token, "an intent never issued": strings.Repeat("A", 43),
			"a short one": "x"} {
			_, err := e.hw.Open(e.ctx, r.user, r.order, r.orderLocker, token)
			refusedIntent(t, what, err)
		}
		e.nothingSent("foreign intents", sent)
		// A refused use spends nothing: each intent still opens its own door.
		if _, err := e.hw.Open(e.ctx, other.user, other.order, other.orderLocker, theirs.Token); err != nil {
			t.Fatalf("the other user's own open: %v", err)
		}
		if _, err := e.hw.Open(e.ctx, r.user, second.order, second.orderLocker, mine3.Token); err != nil {
			t.Fatalf("the intent of A03 on A03: %v", err)
		}
	})
}

// Two opens racing with one intent (a double tap, a replay beside the
// original) open once: the store spends it in one statement.
func TestTwoOpensWithOneIntentOpenOnce(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		r := e.now(1)
		in, err := e.hw.OpenIntent(e.ctx, r.user, r.order, r.orderLocker)
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		errs := make([]error, 4)
		for i := range errs {
			wg.Go(func() { _, errs[i] = e.hw.Open(e.ctx, r.user, r.order, r.orderLocker, in.Token) })
		}
		wg.Wait()
		opened := 0
		for _, err := range errs {
			if err == nil {
				opened++
			} else {
				refusedIntent(t, "a racing open", err)
			}
		}
		if opened != 1 || e.ctrl.sent.Load() != 1 {
			t.Fatalf("%d opens answered, %d commands sent; want 1 and 1", opened, e.ctrl.sent.Load())
		}
	})
}

// An intent is refused where the open would be, so the app never asks "Are
// you sure?" about a door it cannot open; the open itself checks the same
// before it looks at the intent.
func TestOpenIntentRefusesWhatOpenRefuses(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		paid := e.now(1)
		future := e.book("booked", 2, time.Now().Add(time.Hour), time.Now().Add(3*time.Hour))
		unpaid := e.book("unpaid", 3, time.Now().Add(-time.Hour), time.Now().Add(time.Hour))
		good, err := e.hw.OpenIntent(e.ctx, paid.user, paid.order, paid.orderLocker)
		if err != nil {
			t.Fatal(err)
		}
		for _, tt := range []struct {
			name                     string
			user, order, orderLocker string
			want                     apperr.Code
		}{
			{"another user's locker", e.user(), paid.order, paid.orderLocker, apperr.LockerNotFound},
			{"before the timeframe", future.user, future.order, future.orderLocker, apperr.NotReserved},
			{"an unpaid order", unpaid.user, unpaid.order, unpaid.orderLocker, apperr.OrderIsNotConfirmed},
		} {
			if _, err := e.hw.OpenIntent(e.ctx, tt.user, tt.order, tt.orderLocker); apperr.CodeOf(err) != tt.want {
				t.Errorf("intent for %s: %v, want %s", tt.name, err, tt.want)
			}
			if _, err := e.hw.Open(e.ctx, tt.user, tt.order, tt.orderLocker, good.Token); apperr.CodeOf(err) != tt.want {
				t.Errorf("open of %s: %v, want %s", tt.name, err, tt.want)
			}
		}
		if n := e.count(`SELECT count(*) FROM door_intents`); n != 1 {
			t.Fatalf("%d intents stored, want only the paid rental's", n)
		}
		e.nothingSent("refused opens", 0)
	})
}

// An operator's open follows the same rule, and the back office's audit row
// (record) is written only for an accepted intent, before the command.
func TestAnOperatorOpensOnlyOnAFreshIntent(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		op, other := e.user(), e.user()
		recorded := 0
		record := func(context.Context) error { recorded++; return nil }

		in, err := e.hw.OperatorOpenIntent(e.ctx, op, viru, lockerA01)
		if err != nil {
			t.Fatal(err)
		}
		e.clock.Skew(hardware.DefaultIntentTTL + time.Second)
		_, err = e.hw.OperatorOpen(e.ctx, op, viru, lockerA01, in.Token, record)
		refusedIntent(t, "an operator's late open", err)
		e.clock.Skew(0)
		_, err = e.hw.OperatorOpen(e.ctx, op, viru, lockerA01, "", record)
		refusedIntent(t, "an operator's open without an intent", err)

		theirs, err := e.hw.OperatorOpenIntent(e.ctx, other, viru, lockerA01)
		if err != nil {
			t.Fatal(err)
		}
		_, err = e.hw.OperatorOpen(e.ctx, op, viru, lockerA01, theirs.Token, record)
		refusedIntent(t, "another operator's intent", err)
		elsewhere, err := e.hw.OperatorOpenIntent(e.ctx, op, viru, demo.LockerID(1, 2))
		if err != nil {
			t.Fatal(err)
		}
		_, err = e.hw.OperatorOpen(e.ctx, op, viru, lockerA01, elsewhere.Token, record)
		refusedIntent(t, "the intent of another compartment", err)
		// An app intent is not an operator's, even for the same person.
		r := e.now(1)
		app, err := e.hw.OpenIntent(e.ctx, r.user, r.order, r.orderLocker)
		if err != nil {
			t.Fatal(err)
		}
		_, err = e.hw.OperatorOpen(e.ctx, r.user, viru, lockerA01, app.Token, record)
		refusedIntent(t, "an app intent on the operator's path", err)
		if recorded != 0 || e.commands() != 0 {
			t.Fatalf("refused operator opens: %d audit calls, %d commands", recorded, e.commands())
		}
		e.nothingSent("refused operator opens", 0)

		fresh, err := e.hw.OperatorOpenIntent(e.ctx, op, viru, lockerA01)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := e.hw.OperatorOpen(e.ctx, op, viru, lockerA01, fresh.Token, record); err != nil {
			t.Fatal(err)
		}
		_, err = e.hw.OperatorOpen(e.ctx, op, viru, lockerA01, fresh.Token, record)
		refusedIntent(t, "an operator's intent used twice", err)
		if recorded != 1 || e.ctrl.sent.Load() != 1 {
			t.Fatalf("%d audit calls, %d commands; want 1 and 1", recorded, e.ctrl.sent.Load())
		}
		if _, err := e.hw.OperatorOpenIntent(e.ctx, op, viru, "00000000-0000-4000-8000-000000000000"); apperr.CodeOf(err) != apperr.LockerNotFound {
			t.Fatalf("an intent for an unknown compartment: %v", err)
		}
	})
}

func TestPruneDropsIntentsNoOpenCanUse(t *testing.T) {
	each(t, func(t *testing.T, e *env) {
		r := e.now(1)
		if _, err := e.hw.OpenIntent(e.ctx, r.user, r.order, r.orderLocker); err != nil {
			t.Fatal(err)
		}
		e.clock.Skew(hardware.KeepIntents + time.Minute)
		if _, err := e.hw.OpenIntent(e.ctx, r.user, r.order, r.orderLocker); err != nil {
			t.Fatal(err)
		}
		if err := e.hw.Prune(e.ctx); err != nil {
			t.Fatal(err)
		}
		if n := e.count(`SELECT count(*) FROM door_intents`); n != 1 {
			t.Fatalf("%d intents after pruning, want the fresh one", n)
		}
	})
}
