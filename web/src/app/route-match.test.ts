import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routeOf } from './route-match';
import { routeTable } from './route-table';

// The table as sibling routes, ranked by react-router itself.
type Node = RouteObject & { def: (typeof routeTable)[number] };
const tree: Node[] = routeTable.map((def) => ({ path: def.path, def }));

const reactRouterPick = (pathname: string) => (matchRoutes(tree, pathname)?.at(-1)?.route as Node | undefined)?.def;

// Every path of the table with its parameters filled in, and paths where two
// patterns compete, that differ in case or trailing slash, or match nothing.
const samples = [
  ...routeTable.map((r) => r.path.replace(/:[\w-]+/g, 'p1').replace(/\*$/, 'a/b')),
  '/', '/login/', '/LOGIN', '/book/station/done', '/book/station', '/book/abc',
  '/order/o1/payment', '/order/history/o1/l1', '/order/o1/l1/open/', '/help/list', '/help/list/',
  '/help/content/a%2Fb', '/help/not-found', '/callback/payment/success', '/admin/users/',
  '/no/such/page', '/orders/active/extra', '/book/station/s1/locker/big/p/cool/timeframe/1/2',
];

describe('routeOf', () => {
  it.each(samples)('picks the route react-router would for %j', (pathname) => {
    expect(routeOf(pathname)).toBe(reactRouterPick(pathname));
  });

  it('is given only the kinds of pattern it compiles', () => {
    for (const { path } of routeTable) expect(path).toMatch(/^(\/|(\/(:?[\w-]+))+(\/\*)?|\*)$/);
  });

  it('finds the page behind each kind of pattern', () => {
    expect(routeOf('/')?.path).toBe('/');
    expect(routeOf('/book/station/done')?.path).toBe('/book/station/:stationUuid');
    expect(routeOf('/help/content/a/b')?.path).toBe('/help/content/*');
    expect(routeOf('/no/such/page')?.path).toBe('*');
    expect(routeOf('/book/a%2Fb')?.path).toBe('/book/:orderUuid');
  });
});
