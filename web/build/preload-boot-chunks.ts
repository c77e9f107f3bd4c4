import type { OutputBundle, OutputChunk } from 'rolldown';
import type { HtmlTagDescriptor, Plugin } from 'vite';

/**
 * Chunks that every first load fetches right after the entry has run: the English
 * texts (always loaded: they are the fallback) and the API client (the session
 * check). Vite only hints the entry's static imports, so these would start one
 * round trip late; hinting them in index.html lets them download alongside the
 * entry. They stay lazy chunks: none of them is executed before it is imported.
 */
const bootModules = [/\/src\/locales\/en\/[^/]+\.ts$/, /\/src\/api\/trpc\.ts$/];

export function preloadBootChunks(): Plugin {
  return {
    name: 'lockers:preload-boot-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return [];
        const chunks = Object.values(ctx.bundle as OutputBundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const entryClosure = new Set<string>();
        const addClosure = (name: string, into: Set<string>) => {
          if (into.has(name)) return;
          into.add(name);
          for (const dep of byName.get(name)?.imports ?? []) addClosure(dep, into);
        };
        for (const c of chunks) if (c.isEntry) addClosure(c.fileName, entryClosure);

        const wanted = new Set<string>();
        for (const c of chunks) {
          // A module imported both lazily and statically lands in a shared chunk
          // without a facade, so look at every module a chunk holds.
          if (c.moduleIds.some((id) => bootModules.some((re) => re.test(id)))) addClosure(c.fileName, wanted);
        }
        return [...wanted]
          .filter((name) => !entryClosure.has(name))
          .sort()
          .map(
            (name): HtmlTagDescriptor => ({
              tag: 'link',
              // data-preload="boot" tells bench/web-size.sh these are not entry code.
              attrs: { rel: 'modulepreload', crossorigin: '', href: `/${name}`, 'data-preload': 'boot' },
              injectTo: 'head',
            }),
          );
      },
    },
  };
}
