import { onFirstInput } from './first-input';
import { offerUpdate, updateWaiting } from './update-store';

/** How often an open app asks for a new build (the spec's forced update relies on it too). */
const checkEvery = 60 * 60 * 1000;

type Subscribe = (listener: (pathname: string) => void) => void;

/**
 * registerServiceWorker installs the PWA's worker (vite-plugin-pwa / Workbox: the app
 * shell and hashed chunks precached, API answers never) once the page has loaded and
 * the visitor has started to use it (src/boot/first-input.ts), so neither the worker
 * nor its download of every chunk competes with the first screen. A worker installed
 * on an earlier visit controls the page from its start anyway, and the browser checks
 * it for a new build at each navigation. On /update it registers at once. Not in dev,
 * not in the native app (its shell ships inside the app), not where browsers lack
 * workers.
 *
 * When a new build is installed it waits and the prompt asks the user; on /update (the
 * server requires a newer app, spec §2) it is checked for at once and swapped in without
 * asking, so the reload brings the new version and the gate lets the user go.
 */
export function registerServiceWorker(onRoute: Subscribe, win: Window = window): void {
  if (import.meta.env.DEV || import.meta.env.MODE === 'native') return;
  if (!('serviceWorker' in win.navigator) || 'Capacitor' in win) return;
  let registered: Promise<() => void> | undefined;
  const start = () => (registered ??= register(win));
  // After the load event and, where the browser can say, once the main thread is idle.
  const startIdle = () => void start().catch(() => {});
  const later = () => (win.requestIdleCallback ? win.requestIdleCallback(startIdle, { timeout: 3000 }) : win.setTimeout(startIdle, 0));
  const afterLoad = () => {
    if (win.document.readyState === 'complete') later();
    else win.addEventListener('load', later, { once: true });
  };
  if (win.location.pathname === '/update') afterLoad();
  else onFirstInput(afterLoad, win);
  // The app moved to /update (possibly before any input): register now and update.
  onRoute((pathname) => {
    if (pathname === '/update') void start().then((updateNow) => updateNow(), () => {});
  });
}

/** register installs the worker and returns what /update does: swap a waiting build in, else look for one. */
async function register(win: Window): Promise<() => void> {
  const { registerSW } = await import('./sw-register');
  const onUpdatePage = () => win.location.pathname === '/update';
  let registration: ServiceWorkerRegistration | undefined;
  const swap = registerSW({
    onNeedRefresh() {
      offerUpdate(() => swap(true));
      if (onUpdatePage()) void swap(true);
    },
    onRegisteredSW(_url, reg) {
      registration = reg;
      if (!reg) return;
      win.setInterval(() => void reg.update().catch(() => {}), checkEvery);
      if (onUpdatePage()) void reg.update().catch(() => {});
    },
  });
  return () => {
    if (updateWaiting()) void swap(true);
    else void registration?.update().catch(() => {});
  };
}
