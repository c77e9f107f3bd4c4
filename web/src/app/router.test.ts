import { createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { storageKeys } from '@/lib/storage';
import { appRoutes, routerReady } from './router';
import { routeTable, type RouteDef } from './route-table';

// The real table with every page replaced by a stub.
const table: RouteDef[] = routeTable.map((def) => ({ ...def, load: () => Promise.resolve({ default: () => null }) }));

/** visit runs the first navigation to path, as at start-up, and says where it ended and on which route. */
async function visit(path: string) {
  const router = createMemoryRouter(appRoutes(table), { initialEntries: [path] });
  await routerReady(router);
  return { pathname: router.state.location.pathname, route: router.state.matches.at(-1)?.route.path };
}

describe('appRoutes', () => {
  beforeEach(() => localStorage.clear());

  it('sends a signed-in route to /login without a token and remembers it', async () => {
    expect(await visit('/orders/active?x=1')).toEqual({ pathname: '/login', route: '/login' });
    expect(localStorage.getItem(storageKeys.preLoginUrl)).toBe('/orders/active?x=1');
    expect((await visit('/admin/users')).pathname).toBe('/login');
    expect((await visit('/book/o1/payments/p1')).pathname).toBe('/login');
  });

  it('leaves public and unknown paths alone', async () => {
    for (const path of ['/login', '/help', '/tutorial', '/callback/payment/success', '/no/such/page']) {
      expect((await visit(path)).pathname).toBe(path);
    }
    expect(localStorage.getItem(storageKeys.preLoginUrl)).toBeNull();
  });

  it('with a token, renders the signed-in route (the guards check the session)', async () => {
    localStorage.setItem(storageKeys.bearer, 'token');
    expect(await visit('/orders/active')).toEqual({ pathname: '/orders/active', route: '/orders/active' });
  });

  it.each([
    ['/', '/'],
    ['/LOGIN', '/login'],
    ['/login/', '/login'],
    ['/book/station', '/book/station'],
    ['/book/station/s1', '/book/station/:stationUuid'],
    ['/book/o1', '/book/:orderUuid'],
    ['/order/history/o1/l1', '/order/history/:orderUuid/:orderLockerUuid'],
    ['/order/o1/l1/open', '/order/:orderUuid/:orderLockerUuid/open'],
    ['/help/list/a', '/help/list/*'],
    ['/help/content/a/b', '/help/content/*'],
    ['/help/not-found', '/help/not-found'],
    ['/no/such/page', '*'],
  ])('%s is the page of %s', async (path, route) => {
    localStorage.setItem(storageKeys.bearer, 'token');
    expect((await visit(path)).route).toBe(route);
  });

  it('reaches every route of the table', async () => {
    localStorage.setItem(storageKeys.bearer, 'token');
    for (const def of routeTable) {
      const path = def.path.replace(/:[\w-]+/g, 'p1').replace(/\*$/, 'a/b').replace(/^a\/b$/, '/no/such/page');
      expect((await visit(path)).route, path).toBe(def.path);
    }
  });
});
