import { matchRoutes } from 'react-router';
import { read, storageKeys } from '@/lib/storage';
import { routeTable, type Layout, type RouteDef } from './route-table';

/** The layouts are chunks of their own: /login never downloads the menu. */
export const layoutLoaders: Record<Layout, () => Promise<{ default: React.ComponentType }>> = {
  app: () => import('./layouts/app-layout'),
  plain: () => import('./layouts/plain-layout'),
};

const matchable = routeTable.map((r) => ({ path: r.path, def: r }));

/**
 * preloadRoute starts fetching the layout and page chunks of a path at once, in
 * parallel, instead of one after the other as React would discover them. Module
 * imports are cached, so the lazy components later resolve immediately.
 */
export function preloadRoute(pathname: string): void {
  const match = routeOf(pathname);
  if (!match) return;
  load(match);
  // Without a stored token the pre-check will send the visitor to /login: fetch it
  // now rather than after the session check has answered.
  if (match.access !== 'public' && !read(storageKeys.bearer)) {
    const login = routeOf('/login');
    if (login) load(login);
  }
}

function routeOf(pathname: string): RouteDef | undefined {
  return matchRoutes(matchable, pathname)?.at(-1)?.route.def;
}

function load(def: RouteDef): void {
  void layoutLoaders[def.layout]().catch(() => {});
  void def.load().catch(() => {});
}
