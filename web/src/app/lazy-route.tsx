import { useEffect, useState, type ComponentType } from 'react';
import { PageLoading } from '@/components/page-loading';
import { isOnline, useOnline } from '@/lib/online';
import { reportError } from '@/lib/report';
import { RouteError } from './route-error';

const reloadKey = 'chunk-reload';

type Loader = () => Promise<{ default: ComponentType }>;

/**
 * lazyRoute is a route's `lazy` for a page or layout chunk: react-router fetches
 * the chunks of every matched route in parallel and renders once they are in. When
 * a chunk cannot be fetched — typically after a deploy removed the old hashed
 * file — it reloads the target path once so that the browser picks up the new build
 * (spec §2). sessionStorage remembers the attempt per path, so a chunk that is
 * really gone shows the error screen instead of reloading forever.
 *
 * Offline (issue 26) a chunk not loaded before is out of reach, and a reload would
 * only show the browser's own offline page: the route says it needs a connection and
 * loads its chunk by itself once the connection is back. The route's component is
 * what lazy answers for good (react-router asks once), and a rejected lazy renders
 * nothing at all, so failures answer a component too.
 */
export function lazyRoute(load: Loader): () => Promise<{ Component: ComponentType }> {
  return async () => {
    const target = window.location.pathname + window.location.search + window.location.hash;
    try {
      const mod = await load();
      clearReloadMark(target);
      return { Component: mod.default };
    } catch (err) {
      if (!isOnline()) return { Component: whenOnline(load) };
      if (markReload(target)) {
        window.location.assign(target);
        // Never settle: the reload replaces the page.
        return new Promise<never>(() => {});
      }
      reportError(err);
      return { Component: RouteError };
    }
  };
}

/** whenOnline is a route's component that loads the route's chunk once the app is online. */
export function whenOnline(load: Loader): ComponentType {
  return function WhenOnline() {
    const online = useOnline();
    const [loaded, setLoaded] = useState<{ Page: ComponentType } | 'failed' | null>(null);
    useEffect(() => {
      if (!online || loaded) return;
      let live = true;
      load().then(
        (mod) => live && setLoaded({ Page: mod.default }),
        (err: unknown) => {
          if (!live || !isOnline()) return;
          reportError(err);
          setLoaded('failed');
        },
      );
      return () => {
        live = false;
      };
    }, [online, loaded]);
    if (loaded && loaded !== 'failed') return <loaded.Page />;
    if (online && !loaded) return <PageLoading />;
    // Offline: "This needs a connection"; online and failed: the error screen.
    return <RouteError />;
  };
}

/** markReload records a reload attempt for target; false when one was already made. */
export function markReload(target: string, store: Storage = window.sessionStorage): boolean {
  try {
    const key = `${reloadKey}:${target}`;
    if (store.getItem(key)) return false;
    store.setItem(key, String(Date.now()));
    return true;
  } catch {
    return false; // Without sessionStorage a reload could loop: show the error instead.
  }
}

function clearReloadMark(target: string): void {
  try {
    window.sessionStorage.removeItem(`${reloadKey}:${target}`);
  } catch {
    // Nothing to clear.
  }
}
