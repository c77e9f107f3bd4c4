import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/app/query-client';
import { refreshDelay, useDoorConfirmation } from './use-door-confirmation';
import { trpc } from '@/test/fake-trpc';

vi.mock('@/api/trpc', () => import('@/test/fake-trpc'));

const api = { openIntent: trpc.locker.openIntent.mutate, open: trpc.locker.open.mutate };

const ref = { orderUuid: 'o1', orderLockerUuid: 'l1' };
const ttl = 20_000;
let issued = 0;

beforeEach(() => {
  issued = 0;
  api.openIntent.mockReset().mockImplementation(() => Promise.resolve({ intent: `i${++issued}`, expiresAt: new Date(Date.now() + ttl).toISOString() }));
  api.open.mockReset().mockResolvedValue({ label: 'A12', closesAt: new Date(Date.now() + 60_000).toISOString() });
});
afterEach(() => {
  vi.useRealTimers();
  window.dispatchEvent(new Event('online'));
});

function renderDialog() {
  const client = createQueryClient();
  client.mount();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useDoorConfirmation(ref), { wrapper });
}

const goOffline = () => act(() => void window.dispatchEvent(new Event('offline')));
const goOnline = () => act(() => void window.dispatchEvent(new Event('online')));

describe('the door dialog', () => {
  it('asks for an intent when it opens and spends it on "Yes, open it"', async () => {
    const { result } = renderDialog();
    await waitFor(() => expect(result.current.ready).toBe(true));
    const last = `i${issued}`;
    act(() => result.current.confirm());
    await waitFor(() => expect(result.current.opened?.label).toBe('A12'));
    expect(api.open).toHaveBeenCalledTimes(1);
    expect(api.open).toHaveBeenCalledWith({ ...ref, intent: last });
  });

  it('asks for a new intent before the one it holds expires', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { result } = renderDialog();
    await waitFor(() => expect(result.current.ready).toBe(true));
    const before = api.openIntent.mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(ttl * 0.6 + 10));
    expect(api.openIntent.mock.calls.length).toBe(before + 1);
    act(() => result.current.confirm());
    await waitFor(() => expect(api.open).toHaveBeenCalledWith({ ...ref, intent: `i${issued}` }));
  });

  it('a tap offline opens nothing, now or when the connection is back; a new tap is needed', async () => {
    const { result } = renderDialog();
    await waitFor(() => expect(result.current.ready).toBe(true));
    goOffline();
    act(() => result.current.confirm());
    await waitFor(() => expect(result.current.attempt).toBe('offline'));
    const asked = api.openIntent.mock.calls.length;
    goOnline();
    // Back online only a new intent is fetched; the door waits for a tap.
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(api.openIntent.mock.calls.length).toBe(asked + 1);
    expect(api.open).not.toHaveBeenCalled();
  });

  it('leaving the dialog sends nothing later, and stops asking for intents', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { result, unmount } = renderDialog();
    await waitFor(() => expect(result.current.ready).toBe(true));
    const asked = api.openIntent.mock.calls.length;
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(ttl * 3));
    goOffline();
    goOnline();
    expect(api.openIntent.mock.calls.length).toBe(asked);
    expect(api.open).not.toHaveBeenCalled();
  });

  it("says the confirmation came too late when the server refuses the intent, and gets a new one", async () => {
    api.open.mockRejectedValueOnce(Object.assign(new Error('late'), { data: { appCode: 'CANT_OPEN', field: 'intent' } }));
    const { result } = renderDialog();
    await waitFor(() => expect(result.current.ready).toBe(true));
    act(() => result.current.confirm());
    await waitFor(() => expect(result.current.attempt).toBe('tooLate'));
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(api.open).toHaveBeenCalledTimes(1);
  });

  it("shows the server's refusal instead of asking (before the booking starts)", async () => {
    api.openIntent.mockReset().mockRejectedValue(Object.assign(new Error('early'), { data: { appCode: 'NOT_RESERVED' } }));
    const { result } = renderDialog();
    await waitFor(() => expect(result.current.refused).toBe('NOT_RESERVED'));
    expect(result.current.ready).toBe(false);
    expect(api.openIntent).toHaveBeenCalledTimes(1);
  });
});

describe('refreshDelay', () => {
  it('is 60 % of the lifetime, at least a second, however the clocks differ', () => {
    expect(refreshDelay(new Date(100_000 + 20_000).toISOString(), 100_000)).toBe(12_000);
    expect(refreshDelay(new Date(100_000 - 5_000).toISOString(), 100_000)).toBe(1000);
    expect(refreshDelay('not a time', 100_000)).toBe(1000);
  });
});
