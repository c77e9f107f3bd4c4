import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

const reloadKey = 'chunk-reload';

/**
 * lazyPage loads a page chunk on first render. When the chunk cannot be fetched —
 * typically after a deploy removed the old hashed file — it reloads the target path
 * once so that the browser picks up the new build (spec §2). sessionStorage remembers
 * the attempt per path, so a chunk that is really gone shows the error page instead
 * of reloading forever.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyExoticComponent<ComponentType> {
  return lazy(async () => {
    const target = window.location.pathname + window.location.search + window.location.hash;
    try {
      const mod = await load();
      clearReloadMark(target);
      return mod;
    } catch (err) {
      if (markReload(target)) {
        window.location.assign(target);
        // Keep suspending until the reload replaces the page.
        return new Promise<never>(() => {});
      }
      throw err;
    }
  });
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
