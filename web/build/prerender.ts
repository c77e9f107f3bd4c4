import { fileURLToPath } from 'node:url';
import { createServer, type HtmlTagDescriptor, type Plugin, type Rollup } from 'vite';
import { criticalCss } from './critical-css.ts';

const entryTag = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const stylesheetTag = /<link rel="stylesheet" crossorigin href="([^"]+\.css)">\s*/g;
const shellTemplate = /<template id="app-shell">[\s\S]*?<\/template>/;

const languages = ['en-US', 'et'] as const;

/**
 * Puts into index.html the sign-in screen, rendered at build time by the app's own
 * components in each language (src/boot/prerender-sign-in.tsx), as <template>s,
 * and the inline script that shows the right one, or the app shell, before the
 * first paint (src/boot/first-screen.ts). The form is then visible as soon as the
 * HTML and CSS are in, and takes typing; the script imports the entry, whose <script>
 * tag it takes out of the page, at the visitor's first input (the app shell: after
 * that paint), preloading the sign-in screen's chunks, which it lists from the bundle.
 * React replaces the form with the identical live screen (src/boot/prerender-handoff.ts
 * carries over what was typed, and a submit or click made before). Both modules are
 * loaded through Vite, so they take the routes, the storage keys and the sign-in
 * rule from the app's own modules. lockerd allows the script by its hash in the CSP.
 *
 * The page carries the styles of its first screens alone (the sign-in screen in each
 * language and the app shell) inline, in place of the link to the whole stylesheet,
 * which the first-screen script adds when it starts the app (build/critical-css.ts).
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
      async handler(page, ctx) {
        const entry = entryTag.exec(page)?.[1];
        if (!entry) throw new Error('prerender: no entry <script type="module"> in index.html');
        if (page.includes('rel="modulepreload"')) throw new Error('prerender: the entry must not preload chunks before the first paint');
        if (!ctx.bundle) throw new Error('prerender: runs in a build only');
        const bundle = ctx.bundle;
        const stylesheets = [...page.matchAll(stylesheetTag)].map((m) => m[1]);
        if (stylesheets.length !== 1) throw new Error(`prerender: index.html links ${stylesheets.length} stylesheets, not the entry's one`);
        const stylesheet = stylesheets[0];
        const shell = shellTemplate.exec(page)?.[0];
        if (!shell) throw new Error('prerender: no <template id="app-shell"> in index.html');
        const { html, script } = await renderAll(entry, (namespaces) => ({ startAtInput, stylesheet, preload: signInChunks(bundle, entry, namespaces) }));
        const css = await criticalCss(fileURLToPath(new URL('../src/index.css', import.meta.url)), [shell, ...languages.map((lng) => html[lng])]);
        const templates = languages.map(
          (lng): HtmlTagDescriptor => ({ tag: 'template', attrs: { id: `sign-in-${lng}` }, children: html[lng], injectTo: 'body' }),
        );
        return {
          html: page.replace(entryTag, '').replace(stylesheetTag, ''),
          tags: [{ tag: 'style', children: css, injectTo: 'head' }, ...templates, { tag: 'script', children: script, injectTo: 'body' }],
        };
      },
    },
  };
}

type Preload = { modules: string[]; texts: Record<string, string[]> };
type SignIn = { renderSignIn: (lng: string) => Promise<string> };
type SignInScreen = { signInNamespaces: string[] };
type FirstScreen = { firstScreenScript: (entry: string, options: FirstScreenOptions) => string };
type FirstScreenOptions = { startAtInput: boolean; stylesheet: string; preload: Preload };

/**
 * signInChunks lists what the sign-in screen's app loads when it starts (the first-screen
 * script preloads it all at once at the first input, instead of one round trip per level of
 * imports): the chunks the entry starts (src/boot/main.ts) but the router's, with every chunk
 * they import, and per language the chunks of the screen's text namespaces.
 */
function signInChunks(bundle: Rollup.OutputBundle, entry: string, namespaces: string[]): Preload {
  const chunks = new Map<string, Rollup.OutputChunk>();
  for (const c of Object.values(bundle)) if (c.type === 'chunk') chunks.set(c.fileName, c);
  const main = chunks.get(entry.replace(/^\//, ''));
  if (!main) throw new Error(`prerender: the entry ${entry} is not in the bundle`);
  const url = (file: string) => `/${file}`;
  const closure = (files: string[]) => {
    const out = new Set<string>();
    const add = (file: string) => {
      if (out.has(file)) return;
      out.add(file);
      for (const i of chunks.get(file)?.imports ?? []) add(i);
    };
    files.forEach(add);
    return [...out].map(url);
  };
  const isRouter = (file: string) => chunks.get(file)?.facadeModuleId?.endsWith('/src/app/router.tsx');
  const modules = closure([...main.imports, ...main.dynamicImports.filter((f) => !isRouter(f))]);
  if (!modules.some((m) => /\/sign-in-screen-[^/]+\.js$/.test(m))) throw new Error('prerender: no sign-in-screen chunk among the entry\'s parts');
  const textsOf = (dir: string) =>
    closure(namespaces.map((ns) => {
      const file = [...chunks.values()].find((c) => c.facadeModuleId?.endsWith(`/src/locales/${dir}/${ns}.ts`))?.fileName;
      if (!file) throw new Error(`prerender: no chunk of the ${dir} texts ${ns}`);
      return file;
    }));
  return { modules, texts: { 'en-US': textsOf('en'), et: textsOf('et') } };
}

async function renderAll(entry: string, options: (namespaces: string[]) => FirstScreenOptions) {
  const server = await createServer({
    configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    logLevel: 'error',
  });
  try {
    const { renderSignIn } = (await server.ssrLoadModule('/src/boot/prerender-sign-in.tsx')) as SignIn;
    const { firstScreenScript } = (await server.ssrLoadModule('/src/boot/first-screen.ts')) as FirstScreen;
    const { signInNamespaces } = (await server.ssrLoadModule('/src/app/sign-in-screen.tsx')) as SignInScreen;
    const [en, et] = await Promise.all(languages.map((lng) => renderSignIn(lng)));
    return { html: { 'en-US': en, et }, script: firstScreenScript(entry, options(signInNamespaces)) };
  } finally {
    await server.close();
  }
}
