import { startTransition, StrictMode } from 'react';
import { loadApi } from '@/api/load';
import { sentryDsn } from '@/lib/sentry-dsn';
import { rememberAttribution } from '@/lib/storage';
import { HandoffDone } from './handoff-done';
import type { AppParts } from './main';
import { takeOverPrerender } from './prerender-handoff';
import { registerServiceWorker } from './service-worker';
import { UpdateSlot } from './update-slot';

/**
 * start runs the app (main.ts imports it after the first paint): the texts, the
 * first route's chunks and the API client load in parallel, then React replaces
 * what index.html showed with the same screen, live.
 */
async function start(root: HTMLElement, parts: AppParts): Promise<void> {
  rememberAttribution(window.location.search);
  // The session check needs the API client at once: fetch it while the app renders.
  void loadApi().catch(() => {});
  // Sentry loads in its own chunk, and only when the server configured a DSN.
  const dsn = sentryDsn();
  if (dsn) void import('@/lib/sentry').then((m) => m.initSentry(dsn));

  const [{ createRoot }, { App }, { createAppRouter, routerReady }, { initI18n }] = await Promise.all([
    parts.renderer,
    parts.app,
    parts.router,
    parts.i18n,
  ]);
  await nextTask();
  const router = createAppRouter();
  await Promise.all([initI18n(), routerReady(router)]);
  await nextTask();
  takeOverPrerender(root);
  // As a transition React renders in slices of a few milliseconds, yielding to the
  // browser in between, instead of holding a phone's main thread for the whole tree
  // while the visitor may already be typing into the prerendered form.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App router={router} />
        <HandoffDone root={root} />
        <UpdateSlot />
      </StrictMode>,
    );
  });
  // The native shell's plugins, only in the native build (the web bundle has none of them).
  if (import.meta.env.MODE === 'native') {
    void import('./native-shell').then((m) => m.startNative((to) => void router.navigate(to)));
  }
  // After the load event, off the first load's path (src/boot/service-worker.ts).
  registerServiceWorker((listener) => {
    router.subscribe((state) => listener(state.location.pathname));
  });
}

/** nextTask lets the browser handle input and paint before the next step of the start. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** startApp runs the app in index.html's #root. */
export function startApp(parts: AppParts): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  return start(root, parts);
}
