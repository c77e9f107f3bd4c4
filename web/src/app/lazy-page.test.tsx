import { render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyPage, markReload } from './lazy-page';

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <p>failed</p> : this.props.children;
  }
}

describe('lazyPage', () => {
  const assign = vi.fn();
  beforeEach(() => {
    sessionStorage.clear();
    window.history.replaceState(null, '', '/orders/active');
    vi.stubGlobal('location', { ...window.location, assign, pathname: '/orders/active', search: '', hash: '' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    assign.mockReset();
  });

  it('reloads the target path once when the chunk fails to load', async () => {
    const Page = lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    render(
      <Boundary>
        <Suspense fallback={<p>loading</p>}>
          <Page />
        </Suspense>
      </Boundary>,
    );
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/orders/active'));
    expect(screen.getByText('loading')).toBeTruthy();
  });

  it('shows the error instead of reloading a second time', async () => {
    sessionStorage.setItem('chunk-reload:/orders/active', '1');
    const Page = lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <Boundary>
        <Suspense fallback={<p>loading</p>}>
          <Page />
        </Suspense>
      </Boundary>,
    );
    expect(await screen.findByText('failed')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it('renders the page and clears an earlier reload mark', async () => {
    sessionStorage.setItem('chunk-reload:/orders/active', '1');
    const Page = lazyPage(() => Promise.resolve({ default: () => <p>page</p> }));
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByText('page')).toBeTruthy();
    expect(sessionStorage.getItem('chunk-reload:/orders/active')).toBeNull();
  });

  it('markReload allows one attempt per path', () => {
    expect(markReload('/a')).toBe(true);
    expect(markReload('/a')).toBe(false);
    expect(markReload('/b')).toBe(true);
  });
});
