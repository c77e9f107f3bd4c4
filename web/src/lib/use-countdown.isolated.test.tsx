import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { secondsUntil, useCountdown, type Until } from './use-countdown';

describe('secondsUntil', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it('reads ISO times and epoch milliseconds alike', () => {
    expect(secondsUntil('2026-01-01T00:01:00Z', now)).toBe(60);
    expect(secondsUntil(now + 60_000, now)).toBe(60);
    expect(secondsUntil(now + 400, now)).toBe(1);
  });
  it('is 0 when past, missing or unreadable', () => {
    expect(secondsUntil(now - 1, now)).toBe(0);
    expect(secondsUntil(null, now)).toBe(0);
    expect(secondsUntil(undefined, now)).toBe(0);
    expect(secondsUntil('garbage', now)).toBe(0);
  });
});

function Left({ until }: { until: Until }) {
  return <p>{useCountdown(until)}</p>;
}

describe('useCountdown', () => {
  beforeEach(() => vi.useFakeTimers({ now: Date.parse('2026-01-01T00:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('ticks once a second down to 0 and then stops', () => {
    render(<Left until={Date.now() + 3_000} />);
    expect(screen.getByText('3')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByText('2')).toBeTruthy();
    act(() => vi.advanceTimersByTime(2_000));
    expect(screen.getByText('0')).toBeTruthy();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('starts again when the target moves', () => {
    const { rerender } = render(<Left until="2026-01-01T00:00:02Z" />);
    act(() => vi.advanceTimersByTime(2_000));
    expect(screen.getByText('0')).toBeTruthy();
    rerender(<Left until="2026-01-01T00:01:02Z" />);
    act(() => vi.advanceTimersByTime(0));
    expect(screen.getByText('60')).toBeTruthy();
  });
});
