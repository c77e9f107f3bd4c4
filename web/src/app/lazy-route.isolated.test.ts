import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyRoute, markReload } from './lazy-route';

describe('lazyRoute', () => {
  const assign = vi.fn();
  const gone = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
  beforeEach(() => {
    sessionStorage.clear();
    vi.stubGlobal('location', { ...window.location, assign, pathname: '/orders/active', search: '?a=1', hash: '' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    assign.mockReset();
  });

  it('reloads the target path once when the chunk fails to load, and never settles', async () => {
    let settled = false;
    void lazyRoute(gone)().finally(() => (settled = true));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/orders/active?a=1'));
    await new Promise((r) => setTimeout(r, 10));
    expect(settled).toBe(false);
  });

  it('fails (the route error screen) instead of reloading a second time', async () => {
    sessionStorage.setItem('chunk-reload:/orders/active?a=1', '1');
    await expect(lazyRoute(gone)()).rejects.toThrow('Failed to fetch');
    expect(assign).not.toHaveBeenCalled();
  });

  it('gives the page as the route component and clears an earlier reload mark', async () => {
    sessionStorage.setItem('chunk-reload:/orders/active?a=1', '1');
    const Page = () => null;
    await expect(lazyRoute(() => Promise.resolve({ default: Page }))()).resolves.toEqual({ Component: Page });
    expect(sessionStorage.getItem('chunk-reload:/orders/active?a=1')).toBeNull();
  });

  it('markReload allows one attempt per path', () => {
    expect(markReload('/a')).toBe(true);
    expect(markReload('/a')).toBe(false);
    expect(markReload('/b')).toBe(true);
  });
});
