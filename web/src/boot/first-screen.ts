import { routeTable } from '@/app/route-table';
import { endsOnSignIn, signInPath } from '@/app/sign-in-rule';
import { toLanguage } from '@/i18n';
import { storageKeys } from '@/lib/storage';

/** What index.html's first-screen script needs to know, taken from the app's own modules at build time. */
export interface FirstScreenConfig {
  /** The URL of the app's entry script (src/boot/main.ts, hashed by the build). */
  entry: string;
  signInPath: string;
  /** The signed-in routes without parameters ('/', '/orders', ...): the ones a plain comparison finds. */
  signedInPaths: string[];
  keys: { bearer: string; language: string; preLoginUrl: string };
}

/**
 * showFirstScreen fills #root before the first paint: with the prerendered sign-in
 * screen in the stored language for a visitor headed there (on /login, or on a
 * signed-in route without a stored token, which it moves to /login as the router's
 * loader would), else with the app shell. It runs as inline script, so it uses
 * nothing but its arguments: the rule, the language mapping and the import() (Vite's
 * SSR loader, which reads this module at build time, would rewrite one written here).
 * data-prerendered on #root marks it until the app takes over (finishHandoff); a
 * submit before that waits for React, so no password lands in a URL.
 *
 * It imports the entry once the browser reports its first contentful paint: a script
 * requested earlier, even a small one, delays that paint on a slow network. A hidden
 * tab, or a browser without the Paint Timing API, starts at once.
 */
export function showFirstScreen(
  c: FirstScreenConfig,
  rule: typeof endsOnSignIn,
  language: typeof toLanguage,
  load: (url: string) => Promise<unknown>,
): void {
  const root = document.getElementById('root') as HTMLElement;
  let id = 'app-shell';
  try {
    const path = location.pathname.replace(/(.)\/+$/, '$1').toLowerCase();
    const signedIn = c.signedInPaths.includes(path);
    if (path === c.signInPath || (signedIn && rule('user', localStorage.getItem(c.keys.bearer)))) {
      // The stored language, else the browser's first Estonian or English one (a first visit, issue 28).
      const browser = (navigator.languages || [navigator.language]).find((l) => /^(et|en)(-|$)/i.test(l));
      const lang = language(localStorage.getItem(c.keys.language) ?? browser);
      id = `sign-in-${lang}`;
      document.documentElement.lang = lang;
    }
    if (path !== c.signInPath && id !== 'app-shell') {
      // The router's loader would send the visitor to the sign-in screen too, but only after
      // fetching and running the signed-in route's layout and page: go there now, remembering
      // the path as the loader does. The query stays for the app's start (campaign parameters).
      localStorage.setItem(c.keys.preLoginUrl, location.pathname + location.search + location.hash);
      history.replaceState(history.state, '', c.signInPath + location.search);
    }
  } catch {
    // Storage unavailable (private mode): the app shell, the app decides.
  }
  const template = document.getElementById(id) as HTMLTemplateElement;
  root.replaceChildren(template.content.cloneNode(true));
  root.setAttribute('data-prerendered', id);
  root.querySelector('form')?.addEventListener('submit', (e) => e.preventDefault());

  const start = () => void load(c.entry);
  if (document.hidden || !window.PerformanceObserver?.supportedEntryTypes?.includes('paint')) return start();
  new PerformanceObserver((list, observer) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
}

/**
 * firstScreenScript is the inline script the build puts into index.html
 * (build/prerender.ts), for the entry at URL entry. load is the source of the
 * function that imports it (tests, whose jsdom cannot import, pass their own).
 */
export function firstScreenScript(entry: string, load = '(url) => import(url)'): string {
  const config: FirstScreenConfig = {
    entry,
    signInPath,
    signedInPaths: routeTable.filter((r) => r.access !== 'public' && !/[:*]/.test(r.path)).map((r) => r.path),
    keys: { bearer: storageKeys.bearer, language: storageKeys.language, preLoginUrl: storageKeys.preLoginUrl },
  };
  return `(${showFirstScreen.toString()})(${JSON.stringify(config)}, ${endsOnSignIn.toString()}, ${toLanguage.toString()}, ${load});`;
}
