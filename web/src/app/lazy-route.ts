import type { ComponentType } from 'react';

const reloadKey = 'chunk-reload';

type Loader = () => Promise<{ default: ComponentType }>;

/**
 * lazyRoute is a route's `lazy` for a page or layout chunk: react-router fetches
 * the chunks of every matched route in parallel and renders once they are in. When
 * a chunk cannot be fetched — typically after a deploy removed the old hashed
 * file — it reloads the target path once so that the browser picks up the new build
 * (spec §2). sessionStorage remembers the attempt per path, so a chunk that is
 * really gone shows the error page instead of reloading forever.
 */
export function lazyRoute(load: Loader): () => Promise<{ Component: ComponentType }> {
  return async () => {
    const target = window.location.pathname + window.location.search + window.location.hash;
    try {
      const mod = await load();
      clearReloadMark(target);
      return { Component: mod.default };
    } catch (err) {
      if (markReload(target)) {
        window.location.assign(target);
        // Never settle: the reload replaces the page.
        return new Promise<never>(() => {});
      }
      throw err;
    }
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
