import { afterEach, describe, expect, it } from 'vitest';
import { isNetworkFailure, isOnline, noteAnswer, noteNetworkFailure, OfflineError, requestEpoch, subscribeOnline } from './online';

// The store is one per module graph: every test leaves it online.
afterEach(() => {
  window.dispatchEvent(new Event('online'));
  noteAnswer();
});

describe('the online store', () => {
  it("follows the browser's offline and online events and tells its listeners", () => {
    const seen: boolean[] = [];
    const stop = subscribeOnline(() => seen.push(isOnline()));
    window.dispatchEvent(new Event('offline'));
    expect(isOnline()).toBe(false);
    window.dispatchEvent(new Event('online'));
    expect(isOnline()).toBe(true);
    stop();
    expect(seen).toEqual([false, true]);
  });

  it('counts a request without an answer as offline until a request gets one', () => {
    noteNetworkFailure();
    expect(isOnline()).toBe(false);
    noteAnswer();
    expect(isOnline()).toBe(true);
  });

  it("a browser's online event ends a network failure too", () => {
    noteNetworkFailure();
    window.dispatchEvent(new Event('online'));
    expect(isOnline()).toBe(true);
  });

  it('a request that started before the browser came back online is no sign of an unreachable server', () => {
    window.dispatchEvent(new Event('offline'));
    const started = requestEpoch();
    window.dispatchEvent(new Event('online'));
    noteNetworkFailure(started); // its failure arrives just after the online event
    expect(isOnline()).toBe(true);
    noteNetworkFailure(requestEpoch()); // one that started since does count
    expect(isOnline()).toBe(false);
  });

  it('tells a failure without an answer from an answer and from a bug', () => {
    expect(isNetworkFailure(new OfflineError())).toBe(true);
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkFailure(new TypeError('Load failed'))).toBe(true);
    // @trpc/client keeps fetch's TypeError as the cause.
    expect(isNetworkFailure(Object.assign(new Error('Failed to fetch'), { cause: new TypeError('Failed to fetch') }))).toBe(true);
    expect(isNetworkFailure(Object.assign(new Error('x'), { data: { appCode: 'CANT_OPEN' } }))).toBe(false);
    expect(isNetworkFailure(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isNetworkFailure(null)).toBe(false);
  });
});
