import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstProbeAfter, isOnline, noteNetworkFailure, probeEvery, setReachabilityProbe } from './online';

afterEach(() => vi.useRealTimers());

describe('after a network failure', () => {
  it('asks the server after a second, then every few seconds until it answers, then is online again', async () => {
    vi.useFakeTimers();
    let answers = false;
    const probe = vi.fn(() => (answers ? Promise.resolve('ok') : Promise.reject(new TypeError('Failed to fetch'))));
    setReachabilityProbe(probe);
    noteNetworkFailure();
    expect(isOnline()).toBe(false);
    await vi.advanceTimersByTimeAsync(firstProbeAfter - 1);
    expect(probe).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(isOnline()).toBe(false);
    await vi.advanceTimersByTimeAsync(probeEvery - 1);
    expect(probe).toHaveBeenCalledTimes(1);
    answers = true;
    await vi.advanceTimersByTimeAsync(1);
    expect(probe).toHaveBeenCalledTimes(2);
    expect(isOnline()).toBe(true);
    await vi.advanceTimersByTimeAsync(probeEvery * 3);
    expect(probe).toHaveBeenCalledTimes(2);
  });

  it('does not probe while the browser itself says offline: its online event ends that', async () => {
    vi.useFakeTimers();
    const probe = vi.fn(() => Promise.resolve('ok'));
    setReachabilityProbe(probe);
    window.dispatchEvent(new Event('offline'));
    noteNetworkFailure();
    await vi.advanceTimersByTimeAsync(probeEvery * 3);
    expect(probe).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('online'));
    expect(isOnline()).toBe(true);
  });
});
