import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentToast, dismiss, subscribe, toast } from './toast-store';

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    dismiss();
    vi.useRealTimers();
  });

  it('keeps at most one toast: a new one replaces the visible one', () => {
    toast({ title: 'first' });
    const second = toast({ title: 'second', variant: 'destructive' });
    expect(currentToast()).toMatchObject({ id: second, title: 'second', variant: 'destructive' });
  });

  it('closes itself after the computed time and not before', () => {
    toast({ title: 'a'.repeat(40) }); // 2000 + 50 * 40 = 4000 ms
    vi.advanceTimersByTime(3999);
    expect(currentToast()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(currentToast()).toBeNull();
  });

  it('a replaced toast does not close its successor early', () => {
    toast({ title: 'short' }); // 3000 ms
    vi.advanceTimersByTime(2500);
    toast({ title: 'b'.repeat(60) }); // 5000 ms from now
    vi.advanceTimersByTime(1000);
    expect(currentToast()?.title).toBe('b'.repeat(60));
    vi.advanceTimersByTime(4000);
    expect(currentToast()).toBeNull();
  });

  it('a disabled timer keeps the toast until dismissed', () => {
    const id = toast({ title: 'sticky', duration: false });
    vi.advanceTimersByTime(60_000);
    expect(currentToast()?.id).toBe(id);
    dismiss(id);
    expect(currentToast()).toBeNull();
  });

  it('dismissing a stale id leaves the current toast alone and listeners hear changes', () => {
    const heard = vi.fn();
    const stop = subscribe(heard);
    const old = toast({ title: 'old' });
    toast({ title: 'new' });
    dismiss(old);
    expect(currentToast()?.title).toBe('new');
    expect(heard).toHaveBeenCalledTimes(2);
    stop();
  });
});
