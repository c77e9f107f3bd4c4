import { fileURLToPath } from 'node:url';
import type { OutputBundle } from 'rolldown';
import { createServer, type HtmlTagDescriptor, type Plugin } from 'vite';
import { preloadList } from './preload-list';
import { routeFiles } from './route-chunks';

const languages = ['en-US', 'et'] as const;

/**
 * Puts the sign-in screen, rendered at build time by the app's own components in
 * each language, into index.html as <template>s, with a small inline script that
 * fills #root before the first paint: with the sign-in screen when the visitor is
 * headed for it (on /login, or on the home page without a stored session, which
 * ends on /login), else with the app shell of index.html. The form is
 * then visible as soon as the HTML and CSS are in, instead of after the scripts;
 * React replaces it with the identical live screen (src/app/prerender-handoff.ts
 * carries over what was typed).
 * lockerd allows exactly this inline script by its hash in the page's CSP.
 *
 * The sign-in screen's chunks are listed too (data-preload="sign-in"): lockerd only
 * lists them on /login, but a visitor of the home page without a session ends there
 * as well. The boot script hints them when the sign-in screen is showing.
 */
export function prerenderSignIn(): Plugin {
  return {
    name: 'lockers:prerender-sign-in',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(_html, ctx): Promise<HtmlTagDescriptor[]> {
        const html = await renderAll();
        const templates = languages.map(
          (lng): HtmlTagDescriptor => ({ tag: 'template', attrs: { id: `sign-in-${lng}` }, children: html[lng], injectTo: 'body' }),
        );
        const files = ctx.bundle ? (routeFiles(ctx.bundle as OutputBundle).find((r) => r.path === '/login')?.files ?? []) : [];
        const list = files.length ? [preloadList(files.map((f) => `/${f}`), 'sign-in')] : [];
        return [...list, ...templates, { tag: 'script', children: showFirstScreen, injectTo: 'body' }];
      },
    },
  };
}

/** renderAll runs src/prerender/sign-in.tsx through Vite's SSR loader. */
async function renderAll(): Promise<Record<(typeof languages)[number], string>> {
  const server = await createServer({
    configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'error',
  });
  try {
    const { renderSignIn } = (await server.ssrLoadModule('/src/prerender/sign-in.tsx')) as {
      renderSignIn: (lng: string) => Promise<string>;
    };
    const [en, et] = await Promise.all(languages.map((lng) => renderSignIn(lng)));
    return { 'en-US': en, et };
  } finally {
    await server.close();
  }
}

// Plain ES5 for every browser the app runs in. It runs before anything in the body
// is visible (it waits for the stylesheet, as the first paint does), so the first
// frame already shows the right screen. The storage keys and the language rule are
// those of src/lib/storage.ts and src/i18n.ts (toLanguage). A form submitted before
// the app runs must not send the password in a URL: submitting waits for React.
// data-prerendered on #root says the app has not taken over yet (finishHandoff
// removes it).
const showFirstScreen = `(function () {
  var id = 'app-shell', root = document.getElementById('root');
  try {
    var store = window.localStorage, path = location.pathname;
    if (path === '/login' || (path === '/' && !store.getItem('Bearer'))) {
      var lang = /^et/i.test(store.getItem('language') || '') ? 'et' : 'en-US';
      id = 'sign-in-' + lang;
      document.documentElement.lang = lang;
    }
  } catch (e) {}
  root.replaceChildren(document.getElementById(id).content.cloneNode(true));
  root.setAttribute('data-prerendered', id);
  var form = root.querySelector('form');
  if (form) form.addEventListener('submit', function (e) { e.preventDefault(); });
})();`;
