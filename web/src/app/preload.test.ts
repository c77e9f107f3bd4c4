import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@/lib/storage';
import { layoutLoaders, preloadRoute, redirectSignedOut } from './preload';
import { routeTable } from './route-table';

const route = (path: string) => {
  const def = routeTable.find((r) => r.path === path);
  if (!def) throw new Error(`no route ${path}`);
  return def;
};

describe('preloadRoute', () => {
  const page = () => Promise.resolve({ default: () => null });
  let login: ReturnType<typeof vi.fn>;
  let help: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    login = vi.spyOn(route('/login'), 'load').mockImplementation(page) as unknown as ReturnType<typeof vi.fn>;
    help = vi.spyOn(route('/help'), 'load').mockImplementation(page) as unknown as ReturnType<typeof vi.fn>;
    vi.spyOn(layoutLoaders, 'app').mockImplementation(page);
    vi.spyOn(layoutLoaders, 'plain').mockImplementation(page);
  });
  afterEach(() => vi.restoreAllMocks());

  it('fetches the page and its layout of the path, and nothing else', async () => {
    await preloadRoute('/help');
    expect(help).toHaveBeenCalledOnce();
    expect(layoutLoaders.app).toHaveBeenCalled();
    expect(login).not.toHaveBeenCalled();
    expect(layoutLoaders.plain).not.toHaveBeenCalled();
  });

  it('resolves even when a chunk cannot be fetched (lazyPage handles that)', async () => {
    help.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    await expect(preloadRoute('/help')).resolves.toBeUndefined();
  });

  it('fetches nothing for an unknown path (the public not-found page)', async () => {
    await preloadRoute('/no/such/page');
    expect(login).not.toHaveBeenCalled();
    expect(help).not.toHaveBeenCalled();
  });
});

describe('redirectSignedOut', () => {
  const at = (href: string) => new URL(href, 'http://localhost') as unknown as Location;
  let replaceState: ReturnType<typeof vi.fn>;
  let history: History;

  beforeEach(() => {
    localStorage.clear();
    replaceState = vi.fn();
    history = { replaceState } as unknown as History;
  });

  it('sends a signed-in route to /login without a token and remembers it', () => {
    redirectSignedOut(at('/orders/active?x=1#top'), history);
    expect(replaceState).toHaveBeenCalledWith(null, '', '/login');
    expect(localStorage.getItem(storageKeys.preLoginUrl)).toBe('/orders/active?x=1#top');
  });

  it('does the same for the admin pages', () => {
    redirectSignedOut(at('/admin'), history);
    expect(replaceState).toHaveBeenCalledWith(null, '', '/login');
  });

  it('leaves the route to the guards when a token is stored', () => {
    localStorage.setItem(storageKeys.bearer, 'token');
    redirectSignedOut(at('/orders'), history);
    expect(replaceState).not.toHaveBeenCalled();
  });

  it('leaves public and unknown paths alone', () => {
    for (const path of ['/login', '/help', '/tutorial', '/callback/payment/success', '/no/such/page']) {
      redirectSignedOut(at(path), history);
    }
    expect(replaceState).not.toHaveBeenCalled();
    expect(localStorage.getItem(storageKeys.preLoginUrl)).toBeNull();
  });
});
