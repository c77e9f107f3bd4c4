import { startTransition, StrictMode, type ReactNode } from 'react';
import { loadApi } from '@/api/load';
import type { AppRouter, RoutedApp } from '@/app/router';
import type { NavigateOptions } from '@/components/nav';
import { sentryDsn } from '@/lib/sentry-dsn';
import { rememberAttribution } from '@/lib/storage';
import { HandoffDone } from './handoff-done';
import type { AppParts } from './main';
import { takeOverPrerender } from './prerender-handoff';
import { registerServiceWorker } from './service-worker';
import { UpdateSlot } from './update-slot';

/** The router once it has made its first navigation, and what renders it. */
interface Routed {
  router: AppRouter;
  RoutedApp: typeof RoutedApp;
}

/**
 * start runs the app (main.ts imports it after the first paint): the texts, the
 * first screen's part and the API client load in parallel, then React replaces
 * what index.html showed with the same screen, live. On the sign-in screen that is
 * the screen alone (app/sign-in-screen.tsx) and the router loads right after, so
 * react-router is neither fetched nor run before the form is live; on any other
 * path the router renders the first screen, as it does every screen after.
 */
async function start(root: HTMLElement, parts: AppParts): Promise<void> {
  rememberAttribution(window.location.search);
  // The session check needs the API client at once: fetch it while the app renders.
  void loadApi().catch(() => {});

  const [{ createRoot }, { App }, { initI18n, loadAllTexts }, signIn] = await Promise.all([parts.renderer, parts.app, parts.i18n, parts.signIn]);
  await nextTask();
  // The sign-in screen starts with its own texts; every other screen, shown by the
  // router, needs them all (elsewhere initI18n loads them all at once).
  const textsStarted = initI18n(signIn?.signInNamespaces);
  let routed: Promise<Routed> | undefined;
  const startRouter = async (): Promise<Routed> => {
    const { createAppRouter, routerReady, RoutedApp } = await (parts.router ?? import('@/app/router'));
    await nextTask(); // its module ran in this task: the router's first navigation in the next
    const router = createAppRouter();
    await routerReady(router);
    return { router, RoutedApp };
  };
  // A failed load (the network dropped) is forgotten, so the next way off the sign-in
  // screen tries again instead of waiting on the failure for good.
  const loadRouter = () =>
    (routed ??= Promise.all([startRouter(), textsStarted.then(loadAllTexts)]).then(
      ([r]) => r,
      (err: unknown) => {
        routed = undefined;
        throw err;
      },
    ));
  const [first] = await Promise.all([signIn ? null : loadRouter(), textsStarted]);
  await nextTask();
  takeOverPrerender(root);

  const reactRoot = createRoot(root);
  const render = (screen: ReactNode, onShown?: () => void) =>
    reactRoot.render(
      <StrictMode>
        <App>{screen}</App>
        <HandoffDone root={root} onShown={onShown} />
        <UpdateSlot />
      </StrictMode>,
    );
  // As a transition React renders in slices of a few milliseconds, yielding to the
  // browser in between, instead of holding a phone's main thread for the whole tree
  // while the visitor may already be typing into the prerendered form.
  let routerShown = false;
  const showRouter = ({ router, RoutedApp }: Routed, onShown?: () => void) => {
    if (routerShown) return;
    routerShown = true;
    startTransition(() => render(<RoutedApp router={router} />, onShown));
  };
  /** navigate leaves the sign-in screen through the router (and moves the router's app). */
  const navigate = (to: string, options?: NavigateOptions) =>
    void loadRouter()
      .then(async (r) => {
        await r.router.navigate(to, options);
        showRouter(r);
      })
      .catch(() => {}); // offline: the visitor stays on the screen and may try again

  // Sentry loads in its own chunk, only when the server configured a DSN, and after the
  // first render: its 50 kB would share the network with the first screen's parts.
  const dsn = sentryDsn();
  const startSentry = () => {
    if (dsn) void import('@/lib/sentry').then((m) => m.initSentry(dsn));
  };
  if (first) showRouter(first, startSentry);
  else if (signIn) {
    // Right after the first render, the router: the first link or the return after
    // sign-in finds it loaded, and the browser's back and forward buttons, which it
    // follows, leave the sign-in screen through it.
    const afterFirstRender = () => {
      startSentry();
      void loadRouter()
        .then((r) => {
          const at = r.router.state.location;
          r.router.subscribe((state) => {
            if (state.location !== at) showRouter(r);
          });
        })
        .catch(() => {}); // a link or the return after sign-in loads it again
    };
    startTransition(() => render(<signIn.SignInScreen navigate={navigate} />, afterFirstRender));
  }
  // The native shell's plugins, only in the native build (the web bundle has none of them).
  if (import.meta.env.MODE === 'native') {
    void import('./native-shell').then((m) => m.startNative((to) => navigate(to)));
  }
  // After the load event, off the first load's path (src/boot/service-worker.ts).
  registerServiceWorker((listener) => {
    void loadRouter()
      .then(({ router }) => router.subscribe((state) => listener(state.location.pathname)))
      .catch(() => {});
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
