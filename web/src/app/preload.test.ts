import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@/lib/storage';
import { layoutLoaders, preloadRoute } from './preload';
import { routeTable } from './route-table';

const route = (path: string) => {
  const def = routeTable.find((r) => r.path === path);
  if (!def) throw new Error(`no route ${path}`);
  return def;
};

describe('preloadRoute', () => {
  const page = () => Promise.resolve({ default: () => null });
  let login: ReturnType<typeof vi.fn>;
  let orders: ReturnType<typeof vi.fn>;
  let help: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    localStorage.clear();
    login = vi.spyOn(route('/login'), 'load').mockImplementation(page) as unknown as ReturnType<typeof vi.fn>;
    orders = vi.spyOn(route('/orders'), 'load').mockImplementation(page) as unknown as ReturnType<typeof vi.fn>;
    help = vi.spyOn(route('/help'), 'load').mockImplementation(page) as unknown as ReturnType<typeof vi.fn>;
    vi.spyOn(layoutLoaders, 'app').mockImplementation(page);
    vi.spyOn(layoutLoaders, 'plain').mockImplementation(page);
  });
  afterEach(() => vi.restoreAllMocks());

  it('fetches the page and its layout of the path', () => {
    preloadRoute('/help');
    expect(help).toHaveBeenCalledOnce();
    expect(layoutLoaders.app).toHaveBeenCalled();
    expect(login).not.toHaveBeenCalled();
  });

  it('also fetches /login for a signed-in page when no token is stored', () => {
    preloadRoute('/orders');
    expect(orders).toHaveBeenCalledOnce();
    expect(login).toHaveBeenCalledOnce();
    expect(layoutLoaders.plain).toHaveBeenCalled();
  });

  it('does not fetch /login when a token is stored', () => {
    localStorage.setItem(storageKeys.bearer, 'token');
    preloadRoute('/orders');
    expect(orders).toHaveBeenCalledOnce();
    expect(login).not.toHaveBeenCalled();
  });

  it('does not fetch /login for an unknown path (the public not-found page)', () => {
    preloadRoute('/no/such/page');
    expect(login).not.toHaveBeenCalled();
  });
});
