import type { OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';
import { chunkGraph } from './chunk-graph';
import { preloadList } from './preload-list';

/**
 * Chunks that every first load fetches right after the entry has run: the English
 * texts (always loaded: they are the fallback) and the API client (the session
 * check). Vite only hints the entry's static imports, so these would start one
 * round trip late; listing them in index.html lets them download alongside the
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
        const { chunks, closure, entry } = chunkGraph(ctx.bundle as OutputBundle);

        const wanted = new Set<string>();
        for (const c of chunks) {
          // A module imported both lazily and statically lands in a shared chunk
          // without a facade, so look at every module a chunk holds.
          if (c.moduleIds.some((id) => bootModules.some((re) => re.test(id)))) closure(c.fileName, wanted);
        }
        const files = [...wanted].filter((name) => !entry.has(name)).sort();
        if (files.length === 0) return [];
        // The boot script (boot-after-paint.ts) preloads every such list after the first paint.
        return [preloadList(files.map((name) => `/${name}`), 'boot')];
      },
    },
  };
}
