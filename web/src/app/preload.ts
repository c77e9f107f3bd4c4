import { rememberPreLoginUrl } from '@/features/session/pre-login';
import { read, storageKeys } from '@/lib/storage';
import { preloadPage } from './lazy-page';
import { routeOf } from './route-match';
import type { Layout } from './route-table';

/** The layouts are chunks of their own: /login never downloads the menu. */
export const layoutLoaders: Record<Layout, () => Promise<{ default: React.ComponentType }>> = {
  app: () => import('./layouts/app-layout'),
  plain: () => import('./layouts/plain-layout'),
};

/**
 * preloadRoute fetches the layout and page chunks of a path at once, in parallel,
 * instead of one after the other as React would discover them. The app renders
 * when they are in, so the first render shows the page rather than a spinner.
 * It never fails: a chunk that cannot be fetched is lazyPage's to handle.
 */
export async function preloadRoute(pathname: string): Promise<void> {
  const def = routeOf(pathname);
  if (!def) return;
  await Promise.all([preloadPage(layoutLoaders[def.layout]), preloadPage(def.load)]).catch(() => {});
}

/**
 * redirectSignedOut does the pre-check of spec §2 before the first render when its
 * outcome is already certain: a signed-in route without a stored token ends on
 * /login (RequireUser would send it there after rendering the route's layout).
 * The path is remembered as `pre_login_url` exactly as the guard does.
 */
export function redirectSignedOut(location: Location = window.location, history: History = window.history): void {
  const def = routeOf(location.pathname);
  if (!def || def.access === 'public' || read(storageKeys.bearer)) return;
  rememberPreLoginUrl(location.pathname + location.search + location.hash);
  history.replaceState(null, '', '/login');
}
