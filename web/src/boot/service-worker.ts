import { offerUpdate, updateWaiting } from './update-store';

/** How often an open app asks for a new build (the spec's forced update relies on it too). */
const checkEvery = 60 * 60 * 1000;

type Subscribe = (listener: (pathname: string) => void) => void;

/**
 * registerServiceWorker installs the PWA's worker (vite-plugin-pwa / Workbox: the app
 * shell and hashed chunks precached, API answers never) once the page has loaded, so it
 * adds nothing to the first load's blocking time. Not in dev, not in the native app
 * (its shell ships inside the app), not where browsers lack workers.
 *
 * When a new build is installed it waits and the prompt asks the user; on /update (the
 * server requires a newer app, spec §2) it is checked for at once and swapped in without
 * asking, so the reload brings the new version and the gate lets the user go.
 */
export function registerServiceWorker(onRoute: Subscribe, win: Window = window): void {
  if (import.meta.env.DEV || import.meta.env.MODE === 'native') return;
  if (!('serviceWorker' in win.navigator) || 'Capacitor' in win) return;
  // After the load event and, where the browser can say, once the main thread is idle.
  const start = () => void register(onRoute, win).catch(() => {});
  const later = () => (win.requestIdleCallback ? win.requestIdleCallback(start, { timeout: 3000 }) : win.setTimeout(start, 0));
  if (win.document.readyState === 'complete') later();
  else win.addEventListener('load', later, { once: true });
}

async function register(onRoute: Subscribe, win: Window): Promise<void> {
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
  onRoute((pathname) => {
    if (pathname !== '/update') return;
    if (updateWaiting()) void swap(true);
    else void registration?.update().catch(() => {});
  });
}
