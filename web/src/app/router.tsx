import { useEffect } from 'react';
import { createBrowserRouter, redirect, RouterProvider, useRouteError, type RouteObject } from 'react-router';
import { rememberPreLoginUrl } from '@/features/session/pre-login';
import { reportError } from '@/lib/report';
import { read, storageKeys } from '@/lib/storage';
import { RequireAdmin, RequireUser, UpdateGate } from './guards';
import { lazyRoute } from './lazy-route';
import { RouteError } from './route-error';
import { routeTable, type Access, type Layout, type RouteDef } from './route-table';
import { endsOnSignIn, signInPath } from './sign-in-rule';

/** The layouts are chunks of their own: /login never downloads the menu. */
const layouts: Record<Layout, RouteObject['lazy']> = {
  app: lazyRoute(() => import('./layouts/app-layout')),
  plain: lazyRoute(() => import('./layouts/plain-layout')),
};

/**
 * RouteFailed replaces a route whose chunk could not be loaded (after lazyRoute's
 * one reload) or that threw while rendering. On a page it shows inside the layout,
 * so the menu stays usable.
 */
function RouteFailed() {
  const error = useRouteError();
  useEffect(() => reportError(error), [error]);
  return <RouteError />;
}

/**
 * signedOutToSignIn is the loader of the signed-in routes: without a stored token
 * it remembers the path (`pre_login_url`, as RequireUser does) and redirects before
 * anything renders, so a deep link never shows its layout on the way to /login.
 * The request URL has no fragment; on the first load it is the window's.
 */
function signedOutToSignIn({ request }: { request: Request }) {
  if (!endsOnSignIn('user', read(storageKeys.bearer))) return null;
  const { pathname, search } = new URL(request.url);
  rememberPreLoginUrl(pathname + search + (window.location.pathname === pathname ? window.location.hash : ''));
  return redirect(signInPath);
}

/**
 * appRoutes nests the route table under the update gate, the two layouts and the
 * guards. react-router ranks and matches the routes itself and, through each
 * route's `lazy`, fetches the layout and page chunks of a path in parallel.
 */
export function appRoutes(table: RouteDef[] = routeTable): RouteObject[] {
  const pages = (layout: Layout, access: Access): RouteObject[] =>
    table.filter((d) => d.layout === layout && d.access === access).map((d) => ({ path: d.path, lazy: lazyRoute(d.load), ErrorBoundary: RouteFailed }));
  const guarded = (layout: Layout): RouteObject[] => {
    const admin = pages(layout, 'admin');
    const user = [...pages(layout, 'user'), ...(admin.length ? [{ Component: RequireAdmin, children: admin }] : [])];
    return user.length ? [{ Component: RequireUser, loader: signedOutToSignIn, children: user }] : [];
  };
  return [
    {
      Component: UpdateGate,
      ErrorBoundary: RouteFailed,
      children: (['app', 'plain'] as const).map((layout) => ({
        lazy: layouts[layout],
        children: [...pages(layout, 'public'), ...guarded(layout)],
      })),
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/** RoutedApp renders the router's screens (inside App, src/boot/start.tsx). */
export function RoutedApp({ router }: { router: AppRouter }) {
  return <RouterProvider router={router} />;
}

/** routerReady resolves once the first navigation (redirects, lazy chunks) is done. */
export function routerReady(router: AppRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
