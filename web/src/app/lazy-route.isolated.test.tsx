import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '@/i18n';
import { lazyRoute, markReload } from './lazy-route';
import { RouteError } from './route-error';

beforeAll(async () => {
  await initI18n();
});

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

  it('shows the route error screen instead of reloading a second time', async () => {
    sessionStorage.setItem('chunk-reload:/orders/active?a=1', '1');
    // A rejected lazy makes react-router render nothing at all: the error screen is the route's component.
    await expect(lazyRoute(gone)()).resolves.toEqual({ Component: RouteError });
    expect(assign).not.toHaveBeenCalled();
  });

  it('offline, says the page needs a connection instead of reloading, and loads it once back online', async () => {
    window.dispatchEvent(new Event('offline'));
    try {
      let reachable = false;
      const Page = () => <p>the page</p>;
      const load = () => (reachable ? Promise.resolve({ default: Page }) : gone());
      const { Component } = await lazyRoute(load)();
      expect(assign).not.toHaveBeenCalled();
      render(<Component />);
      expect(screen.getByRole('alert').textContent).toBe('This needs a connection.');
      reachable = true;
      act(() => void window.dispatchEvent(new Event('online')));
      expect(await screen.findByText('the page')).toBeTruthy();
    } finally {
      window.dispatchEvent(new Event('online'));
    }
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
