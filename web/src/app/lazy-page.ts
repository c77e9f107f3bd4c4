import { createElement, lazy, useState, type ComponentType } from 'react';

const reloadKey = 'chunk-reload';

type PageModule = { default: ComponentType };
type Loader = () => Promise<PageModule>;

// Pages whose chunk has already arrived, by loader: they render on the first pass.
const ready = new WeakMap<Loader, ComponentType>();

/**
 * preloadPage fetches a page chunk ahead of its first render (see preload.ts). Once
 * it is in, lazyPage renders the page directly: React.lazy would still suspend for
 * one pass and show the loading spinner for a frame, which at start-up would replace
 * the prerendered sign-in screen with a flash of spinner.
 */
export async function preloadPage(load: Loader): Promise<void> {
  ready.set(load, (await load()).default);
}

/**
 * lazyPage loads a page chunk on first render. When the chunk cannot be fetched —
 * typically after a deploy removed the old hashed file — it reloads the target path
 * once so that the browser picks up the new build (spec §2). sessionStorage remembers
 * the attempt per path, so a chunk that is really gone shows the error page instead
 * of reloading forever.
 */
export function lazyPage(load: Loader): ComponentType {
  const Lazy = lazy(async () => {
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
  return function LazyPage() {
    // Chosen once per mount: switching from Lazy to the loaded component later
    // would remount the page and lose its state.
    const [Page] = useState<ComponentType>(() => ready.get(load) ?? Lazy);
    return createElement(Page);
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
