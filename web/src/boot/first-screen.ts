import { routeTable } from '@/app/route-table';
import { endsOnSignIn, signInPath } from '@/app/sign-in-rule';
import { sessionEndedKey } from '@/features/session/ended';
import { toLanguage } from '@/i18n';
import { storageKeys } from '@/lib/storage';

/** What index.html's first-screen script needs to know, taken from the app's own modules at build time. */
export interface FirstScreenConfig {
  /** The URL of the app's entry script (src/boot/main.ts, hashed by the build). */
  entry: string;
  /**
   * The URL of the app's whole stylesheet, added when the app starts ('' for none): the page
   * carries only its first screens' styles inline (build/critical-css.ts), and
   * src/boot/app-stylesheet.ts waits for the rest before the app renders.
   */
  stylesheet: string;
  signInPath: string;
  /** The signed-in routes without parameters ('/', '/orders', ...): the ones a plain comparison finds. */
  signedInPaths: string[];
  /** Storage keys; sessionEnded is sessionStorage's. */
  keys: { bearer: string; language: string; preLoginUrl: string; sessionEnded: string };
  /**
   * Whether the prerendered sign-in screen waits for the visitor's first input before the
   * entry is imported (the web build); the native build, whose files are on the device and
   * whose deep links and push need the app at once, starts after the first paint.
   */
  startAtInput: boolean;
  /**
   * What the sign-in screen's app loads when it starts (build/prerender.ts): its chunks,
   * and per language its texts' chunks. Preloaded all at once at the first input, so
   * that they arrive in one round trip, not one per level of imports.
   */
  preload: { modules: string[]; texts: Record<string, string[]> };
}

/**
 * showFirstScreen fills #root before the first paint: with the prerendered sign-in
 * screen in the stored language for a visitor headed there (on /login, or on a
 * signed-in route without a stored token, which it moves to /login as the router's
 * loader would), else with the app shell. It runs as inline script, so it uses
 * nothing but its arguments: the rule, the language mapping and the import() (Vite's
 * SSR loader, which reads this module at build time, would rewrite one written here).
 * data-prerendered on #root marks it until the app takes over (finishHandoff).
 *
 * The sign-in screen is a working HTML form: typing needs no script. In the web build
 * its entry is imported at the visitor's first input (a tap, a key, a focus, typing, or
 * Back and Forward), so a phone's main thread does nothing more than a plain page until
 * then (issue 44). What needs the app meanwhile is kept for it: a submit and the clicks on
 * the screen's buttons (the language switch, show password) are held and marked on #root
 * (data-submitted, data-clicks: the buttons' positions), and the app carries them out
 * once it has taken over (src/boot/prerender-handoff.ts); an input that started the app
 * is marked on <html> (data-input) for src/boot/first-input.ts. Links are plain links.
 *
 * When it starts the app it also links the whole stylesheet: the page carries only its
 * first screens' styles (build/critical-css.ts), and the app waits for the rest before it
 * renders (src/boot/app-stylesheet.ts).
 *
 * Any other screen (the app shell), the sign-in screen of the native build, and one
 * that has news for the visitor (the server ended the session), imports the entry once the browser reports its first contentful paint: a script requested
 * earlier, even a small one, delays that paint on a slow network. A hidden tab, or a
 * browser without the Paint Timing API, starts at once.
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

  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    if (c.stylesheet) {
      // Its state on the element (data-app-styles), for the app to wait on.
      const sheet = document.createElement('link');
      sheet.rel = 'stylesheet';
      sheet.crossOrigin = '';
      sheet.href = c.stylesheet;
      sheet.setAttribute('data-app-styles', 'loading');
      sheet.onload = sheet.onerror = (e) => sheet.setAttribute('data-app-styles', (e as Event).type);
      document.head.append(sheet);
    }
    void load(c.entry);
  };
  if (id !== 'app-shell') {
    const held = () => root.hasAttribute('data-prerendered');
    root.querySelector('form')?.addEventListener('submit', (e) => {
      e.preventDefault(); // no password in a URL: the app sends it
      if (held()) root.setAttribute('data-submitted', '');
    });
    root.addEventListener('click', (e) => {
      const button = (e.target as Element).closest?.('button');
      if (!button || button.type === 'submit' || !held()) return;
      e.preventDefault();
      const at = [...root.querySelectorAll('button')].indexOf(button);
      root.setAttribute('data-clicks', (root.getAttribute('data-clicks') ?? '') + at + ' ');
    });
    let news = false; // the server ended the session: the screen says so (features/session/ended.ts), at once
    try {
      news = sessionStorage.getItem(c.keys.sessionEnded) === '1';
    } catch {
      // Storage unavailable: nothing to say.
    }
    if (c.startAtInput && !news) {
      const events = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'input', 'popstate'];
      const onInput = (e: Event) => {
        for (const type of events) window.removeEventListener(type, onInput, true);
        if (e.type !== 'popstate') document.documentElement.setAttribute('data-input', '');
        const texts = c.preload.texts;
        const urls = new Set([...c.preload.modules, ...(texts['en-US'] ?? []), ...(texts[document.documentElement.lang] ?? [])]);
        for (const href of urls) {
          const link = document.createElement('link');
          link.rel = 'modulepreload';
          link.href = href;
          document.head.append(link);
        }
        start();
      };
      for (const type of events) window.addEventListener(type, onInput, { capture: true, passive: true });
      return;
    }
  }
  if (document.hidden || !window.PerformanceObserver?.supportedEntryTypes?.includes('paint')) return start();
  new PerformanceObserver((list, observer) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
}

/**
 * firstScreenScript is the inline script the build puts into index.html
 * (build/prerender.ts), for the entry at URL entry; startAtInput is false in the
 * native build, stylesheet is the whole stylesheet's URL, preload lists the sign-in screen's chunks. load is the source of the
 * function that imports it (tests, whose jsdom cannot import, pass their own).
 */
export function firstScreenScript(
  entry: string,
  { startAtInput = true, stylesheet = '', preload = { modules: [], texts: {} } as FirstScreenConfig['preload'], load = '(url) => import(url)' } = {},
): string {
  const config: FirstScreenConfig = {
    entry,
    stylesheet,
    startAtInput,
    preload,
    signInPath,
    signedInPaths: routeTable.filter((r) => r.access !== 'public' && !/[:*]/.test(r.path)).map((r) => r.path),
    keys: { bearer: storageKeys.bearer, language: storageKeys.language, preLoginUrl: storageKeys.preLoginUrl, sessionEnded: sessionEndedKey },
  };
  return `(${showFirstScreen.toString()})(${JSON.stringify(config)}, ${endsOnSignIn.toString()}, ${toLanguage.toString()}, ${load});`;
}
