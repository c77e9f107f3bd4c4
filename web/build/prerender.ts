import { fileURLToPath } from 'node:url';
import { createServer, type HtmlTagDescriptor, type Plugin } from 'vite';

const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;

const languages = ['en-US', 'et'] as const;

/**
 * Puts into index.html the sign-in screen, rendered at build time by the app's own
 * components in each language (src/boot/prerender-sign-in.tsx), as <template>s,
 * and the inline script that shows the right one, or the app shell, before the
 * first paint (src/boot/first-screen.ts). The form is then visible as soon as the
 * HTML and CSS are in, and takes typing; the script imports the entry, whose <script>
 * tag it takes out of the page, at the visitor's first input (the app shell: after that paint). React replaces the form with the identical live screen
 * (src/boot/prerender-handoff.ts carries over what was typed). Both modules are
 * loaded through Vite, so they take the routes, the storage keys and the sign-in
 * rule from the app's own modules. lockerd allows the script by its hash in the CSP.
 */
export function prerender(): Plugin {
  // The native build starts its app after the first paint, not at the first input (first-screen.ts).
  let startAtInput = true;
  return {
    name: 'lockers:prerender',
    apply: 'build',
    configResolved(config) {
      startAtInput = config.mode !== 'native';
    },
    transformIndexHtml: {
      order: 'post',
      async handler(page) {
        const entry = entryTag.exec(page)?.[1];
        if (!entry) throw new Error('prerender: no entry <script type="module"> in index.html');
        if (page.includes('rel="modulepreload"')) throw new Error('prerender: the entry must not preload chunks before the first paint');
        const { html, script } = await renderAll(entry, startAtInput);
        const templates = languages.map(
          (lng): HtmlTagDescriptor => ({ tag: 'template', attrs: { id: `sign-in-${lng}` }, children: html[lng], injectTo: 'body' }),
        );
        return { html: page.replace(entryTag, ''), tags: [...templates, { tag: 'script', children: script, injectTo: 'body' }] };
      },
    },
  };
}

type SignIn = { renderSignIn: (lng: string) => Promise<string> };
type FirstScreen = { firstScreenScript: (entry: string, options: { startAtInput: boolean }) => string };

async function renderAll(entry: string, startAtInput: boolean) {
  const server = await createServer({
    configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'error',
  });
  try {
    const { renderSignIn } = (await server.ssrLoadModule('/src/boot/prerender-sign-in.tsx')) as SignIn;
    const { firstScreenScript } = (await server.ssrLoadModule('/src/boot/first-screen.ts')) as FirstScreen;
    const [en, et] = await Promise.all(languages.map((lng) => renderSignIn(lng)));
    return { html: { 'en-US': en, et }, script: firstScreenScript(entry, { startAtInput }) };
  } finally {
    await server.close();
  }
}
