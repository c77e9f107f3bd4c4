package ratelimit

import (
	"testing"
	"time"
)

func TestLockoutLocksAfterMaxFailuresAndCountsDown(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	l := NewLockout(3, time.Minute, time.Minute, func() time.Time { return now })
	for i := 0; i < 2; i++ {
		if got := l.Fail("k"); got != 0 {
			t.Fatalf("failure %d locked for %v", i+1, got)
		}
	}
	if got := l.Left("k"); got != 1 {
		t.Fatalf("Left = %d, want 1", got)
	}
	if got := l.Fail("k"); got != time.Minute {
		t.Fatalf("third failure: locked %v, want 1m", got)
	}
	if l.Locked("other") != 0 {
		t.Fatal("another key is locked")
	}
	now = now.Add(20 * time.Second)
	if got := l.Locked("k"); got != 40*time.Second {
		t.Fatalf("Locked = %v, want 40s", got)
	}
	now = now.Add(41 * time.Second)
	if got := l.Locked("k"); got != 0 {
		t.Fatalf("still locked %v after the lock", got)
	}
}

func TestLockoutForgetsFailuresOutsideTheWindow(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	l := NewLockout(2, time.Minute, time.Minute, func() time.Time { return now })
	l.Fail("k")
	now = now.Add(61 * time.Second)
	if got := l.Fail("k"); got != 0 {
		t.Fatalf("an old failure still counted: locked %v", got)
	}
}

func TestLockoutClearLiftsTheLockAndForgetsFailures(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	l := NewLockout(2, time.Minute, time.Hour, func() time.Time { return now })
	l.Fail("k")
	l.Fail("k")
	l.Fail("other")
	if l.Locked("k") == 0 {
		t.Fatal("not locked after max failures")
	}
	l.Clear("k")
	if got := l.Locked("k"); got != 0 {
		t.Fatalf("still locked %v after Clear", got)
	}
	if got := l.Left("k"); got != 2 {
		t.Fatalf("Left = %d after Clear, want 2", got)
	}
	if got := l.Left("other"); got != 1 {
		t.Fatalf("Clear touched another key: Left = %d", got)
	}
	var none *Lockout
	none.Clear("k") // a disabled limit needs no branch
}
