import { routeTable, type RouteDef } from './route-table';

/**
 * routeOf finds the route of a path as react-router's matchRoutes would over
 * the route table, but with every pattern compiled and ranked once.
 * matchRoutes flattens, ranks and compiles all 75 routes on every call, several
 * milliseconds on a phone each time the app renders its routes or starts up.
 * route-match.test.ts checks that both agree on every route of the table. Unlike
 * matchRoutes it does not percent-decode the path first: that only matters for a
 * static segment spelled with escapes ('/l%6Fgin'), which here is not found.
 */
export function routeOf(pathname: string): RouteDef | undefined {
  return ranked.find((r) => r.pattern.test(pathname))?.def;
}

// react-router's scoring (computeScore): more segments, and static ones, rank first;
// a splat (only ever the last segment) counts against a route.
function score(path: string): number {
  const segments = path.split('/');
  return segments.reduce((sum, s) => sum + (s === '*' ? -2 : s.startsWith(':') ? 3 : s ? 10 : 1), segments.length);
}

// react-router's compilePath for the patterns the table uses: static and :param
// segments and a trailing splat, case-insensitive, trailing slashes allowed. The
// table's paths hold no other regular-expression characters (route-match.test.ts).
function compile(path: string): RegExp {
  const source = path
    .replace(/\/*\*?$/, '')
    .replace(/^\/*/, '/')
    .replace(/\/:[\w-]+/g, '/([^\\/]+)');
  const end = path === '*' || path === '/*' ? '(.*)$' : path.endsWith('*') ? '(?:\\/(.+)|\\/*)$' : '\\/*$';
  return new RegExp(`^${source}${end}`, 'i');
}

// Routes that rank equally keep their order in the table (the sort is stable), as
// sibling routes do in react-router.
const ranked = routeTable
  .map((def) => ({ def, pattern: compile(def.path), score: score(def.path) }))
  .sort((a, b) => b.score - a.score);
