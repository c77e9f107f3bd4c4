import { readFileSync } from 'node:fs';
import type { OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';
import { chunkGraph } from './chunk-graph';

/**
 * Writes route-chunks.json next to index.html: for every route of
 * src/app/route-table.ts, the lazy chunks its first render needs (the page, its
 * layout and what they import) beyond the entry. lockerd reads it and, when it
 * answers a deep link with index.html, hints those chunks in the page, so the
 * browser fetches them alongside the entry instead of a round trip after it.
 *
 * Only public routes get files. A signed-in route sends a visitor without a token to
 * /login, and only the browser knows whether one is stored: the client's own
 * preloadRoute fetches the right chunks at boot. Those routes are still listed
 * (without files) so that the catch-all "*" does not claim their paths.
 */
const routeTable = new URL('../src/app/route-table.ts', import.meta.url);
const layouts: Record<string, string> = { app: 'src/app/layouts/app-layout.tsx', plain: 'src/app/layouts/plain-layout.tsx' };
const routeLine = /\{\s*path:\s*'([^']+)'[^}]*?access:\s*'(\w+)'[^}]*?layout:\s*'(\w+)'[^}]*?import\('@\/([^']+)'\)/g;

export interface RouteChunks {
  path: string;
  files: string[];
}

export function routeChunks(): Plugin {
  return {
    name: 'lockers:route-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const routes = routeFiles(bundle as OutputBundle);
      this.emitFile({ type: 'asset', fileName: 'route-chunks.json', source: JSON.stringify(routes) });
    },
  };
}

/** routeFiles lists, for every route of the table, the chunks beyond the entry its first render needs. */
export function routeFiles(bundle: OutputBundle): RouteChunks[] {
  const { chunks, closure, entry } = chunkGraph(bundle);
  const chunkOf = (source: string) =>
    chunks.find((c) => c.facadeModuleId && /\.tsx?$/.test(c.facadeModuleId) && c.facadeModuleId.replace(/\.tsx?$/, '').endsWith(source.replace(/\.tsx?$/, '')));

  const routes: RouteChunks[] = [];
  for (const [, path, access, layout, page] of readFileSync(routeTable, 'utf8').matchAll(routeLine)) {
    const sources = access === 'public' ? [layouts[layout], `src/${page}`] : [];
    const files = new Set<string>();
    for (const source of sources) {
      const chunk = source ? chunkOf(source) : undefined;
      if (!chunk) throw new Error(`route-chunks: route ${path}: no chunk for ${source}`);
      closure(chunk.fileName, files);
    }
    routes.push({ path, files: [...files].filter((f) => !entry.has(f)).sort() });
  }
  if (routes.length === 0) throw new Error('route-chunks: no routes found in src/app/route-table.ts');
  return routes;
}
