import { matchRoutes } from 'react-router';
import { routeTable, type Layout } from './route-table';

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
  const match = matchRoutes(matchable, pathname)?.at(-1)?.route.def;
  if (!match) return;
  void layoutLoaders[match.layout]().catch(() => {});
  void match.load().catch(() => {});
}
