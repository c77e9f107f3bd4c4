import type { OutputBundle, OutputChunk } from 'rolldown';

/** ChunkGraph answers which chunks a chunk needs: itself and its static imports, transitively. */
export interface ChunkGraph {
  chunks: OutputChunk[];
  /** closure adds name and everything it imports statically to into. */
  closure: (name: string, into: Set<string>) => void;
  /** entry is what the entry script loads before anything runs. */
  entry: Set<string>;
}

export function chunkGraph(bundle: OutputBundle): ChunkGraph {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (name: string, into: Set<string>) => {
    if (into.has(name)) return;
    into.add(name);
    for (const dep of byName.get(name)?.imports ?? []) closure(dep, into);
  };
  const entry = new Set<string>();
  for (const c of chunks) if (c.isEntry) closure(c.fileName, entry);
  return { chunks, closure, entry };
}
