package payment

import (
	"context"
	"errors"
	"sync"
	"time"
)

// The notification inbox. A provider's notification is verified, recorded by
// its id in one statement and acknowledged; appliers then apply it in its own
// transaction, which marks it applied (Tx.Claim), so a replay, a second
// applier or a crash between the two never applies it twice. Acknowledging
// after the record rather than after the whole booking keeps the provider's
// deliveries short under a burst (docs/benchmarks.md); the
// app learns the outcome by polling, as it did before.

// Inboxed is a recorded notification that waits to be applied.
type Inboxed struct {
	Event    Event
	Attempts int
}

const (
	// maxAppliers bounds the goroutines applying fresh notifications; SQLite's
	// group commit shares one transaction among them.
	maxAppliers = 4
	// inboxQueue bounds the fresh notifications held in memory; more wait in
	// the database for the sweep.
	inboxQueue = 4096
	// inboxGrace: the sweep leaves notifications younger than this to the
	// appliers that received them.
	inboxGrace = 10 * time.Second
	// alarmAttempts: a notification that failed this often raises an alarm
	// for an operator (it is still retried, at most hourly).
	alarmAttempts = 8
)

// inbox hands fresh notifications to appliers that exist only while there is work.
type inbox struct {
	queue   chan Event
	mu      sync.Mutex
	running int
	wg      sync.WaitGroup
}

func newInbox() *inbox { return &inbox{queue: make(chan Event, inboxQueue)} }

// Receive records a verified notification and leaves it to the appliers: its
// outcome is applied shortly after. An error means it was not recorded and
// the provider should send it again; a replay changes nothing.
func (s *Service) Receive(ctx context.Context, ev Event) error {
	fresh, err := s.record(ctx, ev)
	if err != nil || !fresh {
		return err
	}
	select {
	case s.inbox.queue <- ev:
		s.startApplier()
	default: // a burst larger than the queue: the sweep applies the rest
	}
	return nil
}

// HandleEvent records a verified notification and applies it before it
// returns (tests and tools; the webhook uses Receive).
func (s *Service) HandleEvent(ctx context.Context, ev Event) error {
	fresh, err := s.record(ctx, ev)
	if err != nil || !fresh {
		return err
	}
	return s.applyEvent(ctx, ev)
}

func (s *Service) record(ctx context.Context, ev Event) (bool, error) {
	if ev.ID == "" || ev.Provider == "" {
		return false, errors.New("payment: notification without an id")
	}
	if ev.Kind == EventIgnored {
		return false, nil
	}
	return s.store.Receive(ctx, ev, s.Now())
}

// startApplier starts an applier unless enough run. An applier decides to stop
// under the same lock, so a notification queued meanwhile is never left alone.
func (s *Service) startApplier() {
	in := s.inbox
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.running >= maxAppliers {
		return
	}
	in.running++
	in.wg.Add(1)
	go func() {
		defer in.wg.Done()
		ctx := context.Background()
		for {
			in.mu.Lock()
			if len(in.queue) == 0 {
				in.running--
				in.mu.Unlock()
				return
			}
			in.mu.Unlock()
			select {
			case ev := <-in.queue:
				s.applyOrRetry(ctx, ev, 0)
			default:
			}
		}
	}()
}

// Wait returns once every applier has stopped (shutdown and tests).
func (s *Service) Wait() { s.inbox.wg.Wait() }

// applyOrRetry applies a recorded notification; a failure is kept for the
// sweep with a growing delay.
func (s *Service) applyOrRetry(ctx context.Context, ev Event, attempts int) {
	err := s.applyEvent(ctx, ev)
	if err == nil {
		return
	}
	next := s.Now().Add(retryDelay(attempts + 1))
	n, rerr := s.store.Retry(ctx, ev.Provider, ev.ID, next, err.Error())
	if rerr != nil {
		n = attempts + 1
	}
	if n >= alarmAttempts {
		s.log.ErrorContext(ctx, "payment alarm: a verified notification keeps failing", "alarm", true,
			"provider", ev.Provider, "event", ev.ID, "type", ev.Type, "attempts", n, "err", err)
		return
	}
	s.log.WarnContext(ctx, "payment: notification not applied yet; retrying", "provider", ev.Provider, "event", ev.ID,
		"type", ev.Type, "attempts", n, "err", err)
}

// retryDelay doubles from 5 s up to an hour.
func retryDelay(attempts int) time.Duration {
	d := 5 * time.Second
	for i := 1; i < attempts && d < time.Hour; i++ {
		d *= 2
	}
	return min(d, time.Hour)
}

// sweepInbox applies notifications the appliers left: after a restart, a
// burst larger than the queue, or a failed try that is due again.
func (s *Service) sweepInbox(ctx context.Context) (int, error) {
	now := s.Now()
	pending, err := s.store.Unapplied(ctx, now.Add(-inboxGrace), now, invoiceBatch)
	for _, p := range pending {
		s.applyOrRetry(ctx, p.Event, p.Attempts)
	}
	return len(pending), err
}
