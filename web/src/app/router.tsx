import { useLocation, useRoutes, type RouteObject } from 'react-router';
import { RequireAdmin, RequireUser, UpdateGate } from './guards';
import { PageSuspense } from './layouts/page-suspense';
import { lazyPage } from './lazy-page';
import { layoutLoaders } from './preload';
import { routeOf } from './route-match';
import type { Layout, RouteDef } from './route-table';

// Declarative routing (BrowserRouter + useRoutes): the data-router half of
// react-router would add ~18 kB gzip to the entry for loaders this app does not use.

const layouts: Record<Layout, React.ComponentType> = {
  app: lazyPage(layoutLoaders.app),
  plain: lazyPage(layoutLoaders.plain),
};

/**
 * branchOf nests one page under the update gate, its layout and its guards. Each
 * page's branch is made once, on its first visit: its lazy page component must stay
 * the same for as long as the app runs, or React would remount the page.
 */
function branchOf(def: RouteDef): RouteObject[] {
  const Layout = layouts[def.layout];
  const Page = lazyPage(def.load);
  let route: RouteObject = { path: def.path, element: <Page /> };
  if (def.access === 'admin') route = { element: <RequireAdmin />, children: [route] };
  if (def.access !== 'public') route = { element: <RequireUser />, children: [route] };
  return [{ element: <UpdateGate />, children: [{ element: <Layout />, children: [route] }] }];
}

const branches = new Map<RouteDef, RouteObject[]>();

/**
 * AppRoutes renders the route of the current path. routeOf picks it from the whole
 * table (ranked once); react-router then only matches that one branch, instead of
 * flattening and ranking every route of the app on each render.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  const def = routeOf(pathname);
  let branch: RouteObject[] = [];
  if (def) {
    branch = branches.get(def) ?? branchOf(def);
    branches.set(def, branch);
  }
  return <PageSuspense>{useRoutes(branch)}</PageSuspense>;
}
