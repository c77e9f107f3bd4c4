import { useRoutes, type RouteObject } from 'react-router';
import { RequireAdmin, RequireUser, UpdateGate } from './guards';
import { PageSuspense } from './layouts/page-suspense';
import { lazyPage } from './lazy-page';
import { layoutLoaders } from './preload';
import { routeTable, type Access, type Layout, type RouteDef } from './route-table';

// Declarative routing (BrowserRouter + useRoutes): the data-router half of
// react-router would add ~18 kB gzip to the entry for loaders this app does not use.

const AppLayout = lazyPage(layoutLoaders.app);
const PlainLayout = lazyPage(layoutLoaders.plain);

function toRoute(def: RouteDef): RouteObject {
  const Page = lazyPage(def.load);
  return { path: def.path, element: <Page /> };
}

function pick(layout: Layout, access: Access): RouteObject[] {
  return routeTable.filter((r) => r.layout === layout && r.access === access).map(toRoute);
}

function withAccess(layout: Layout): RouteObject[] {
  return [
    ...pick(layout, 'public'),
    {
      element: <RequireUser />,
      children: [...pick(layout, 'user'), { element: <RequireAdmin />, children: pick(layout, 'admin') }],
    },
  ];
}

/** routes nests every page under the update gate, its layout and its guards. */
export const routes: RouteObject[] = [
  {
    element: <UpdateGate />,
    children: [
      { element: <PlainLayout />, children: withAccess('plain') },
      { element: <AppLayout />, children: withAccess('app') },
    ],
  },
];

export function AppRoutes() {
  return <PageSuspense>{useRoutes(routes)}</PageSuspense>;
}
