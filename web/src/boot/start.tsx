import { startTransition, StrictMode, type ReactNode } from 'react';
import { loadApi } from '@/api/load';
import type { AppRouter, RoutedApp } from '@/app/router';
import { signInPath } from '@/app/sign-in-rule';
import type { NavigateOptions } from '@/components/nav';
import { whenFirstReported } from '@/lib/report';
import { sentryDsn } from '@/lib/sentry-dsn';
import { rememberAttribution } from '@/lib/storage';
import { appStylesheet } from './app-stylesheet';
import { onFirstInput } from './first-input';
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
 * start runs the app (main.ts, which index.html's first-screen script imports at the
 * visitor's first input on the sign-in screen, after the first paint elsewhere): the texts, the
 * first screen's part and the API client load in parallel, then React replaces
 * what index.html showed with the same screen, live. On the sign-in screen that is
 * the screen alone (app/sign-in-screen.tsx) and the router loads at the visitor's
 * first input, so react-router and the other routes' texts are neither fetched nor
 * run before the visitor does something; on any other path the router renders the
 * first screen, as it does every screen after. Sentry and the service worker wait
 * for the first input on every path.
 */
async function start(root: HTMLElement, parts: AppParts): Promise<void> {
  rememberAttribution(window.location.search);
  // The session check needs the API client at once: fetch it while the app renders.
  void loadApi().catch(() => {});

  const [{ createRoot }, { App }, { initI18n, loadAllTexts }, signIn] = await Promise.all([parts.renderer, parts.app, parts.i18n, parts.signIn, appStylesheet()]);
  await nextTask();
  // The sign-in screen starts with its own texts; every other screen, shown by the
  // router, needs them all (elsewhere initI18n loads them all at once).
  const textsStarted = initI18n(signIn?.signInNamespaces);
  let routed: Promise<Routed> | undefined;
  let routerLoaded: (r: Routed) => void = () => {};
  /** whenRouted waits for the router without loading it. */
  const whenRouted = new Promise<Routed>((resolve) => (routerLoaded = resolve));
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
      ([r]) => {
        routerLoaded(r);
        return r;
      },
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

  // Sentry loads in its own chunk, only when the server configured a DSN, at the
  // visitor's first input or at the first error reported, whichever comes first: its
  // 50 kB would share the network and the main thread with the first screen.
  const dsn = sentryDsn();
  let sentryStarted = false;
  const startSentry = () => {
    if (!dsn || sentryStarted) return;
    sentryStarted = true;
    void import('@/lib/sentry').then((m) => m.initSentry(dsn)).catch(() => {});
  };
  if (dsn) whenFirstReported(startSentry);
  // Once the first screen is shown, what it does not need waits for the first input
  // (src/boot/first-input.ts).
  const atFirstInput = (more?: () => void) => () =>
    onFirstInput(() => {
      startSentry();
      more?.();
    });
  // The router, off the sign-in screen: shown at once when the browser has already moved
  // off it (Back or Forward), else as soon as it does.
  let following = false;
  const followRouter = () =>
    void loadRouter()
      .then((r) => {
        if (following) return;
        following = true;
        window.removeEventListener('popstate', followRouter);
        const at = r.router.state.location;
        if (at.pathname !== signInPath) showRouter(r);
        else
          r.router.subscribe((state) => {
            if (state.location !== at) showRouter(r);
          });
      })
      .catch(() => {}); // the next input, a link or the return after sign-in loads it again
  if (first) showRouter(first, atFirstInput());
  else if (signIn) {
    // At the first input the router loads: the first link or the return after sign-in
    // finds it loaded (or on its way). The browser's Back and Forward buttons, which are
    // no input to the page, load it too (again after a load that failed offline).
    window.addEventListener('popstate', followRouter);
    // Back or Forward (which starts the app, src/boot/first-screen.ts) may already have moved it.
    if (window.location.pathname !== signInPath) followRouter();
    startTransition(() => render(<signIn.SignInScreen navigate={navigate} />, atFirstInput(followRouter)));
  }
  // The native shell's plugins, only in the native build (the web bundle has none of them).
  if (import.meta.env.MODE === 'native') {
    void import('./native-shell').then((m) => m.startNative((to) => navigate(to)));
  }
  // Its worker installs after the load event, off the first load's path
  // (src/boot/service-worker.ts); it follows the router once the router has loaded.
  registerServiceWorker((listener) => {
    void whenRouted.then(({ router }) => router.subscribe((state) => listener(state.location.pathname)));
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
