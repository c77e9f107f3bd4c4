// index.html's boot script (build/boot-after-paint.ts) hints the first screen's
// chunks as modulepreloads, one per task, then sets data-preloaded on <html> and
// dispatches lockers:preloaded. The app's first dynamic imports wait for that: made
// earlier, Vite's loader would add the links that are still missing itself, all in
// one task, tens of milliseconds on a phone just as the app starts.

const preloadedAttribute = 'data-preloaded';
const preloadedEvent = 'lockers:preloaded';
/** Should the boot script never finish, the app starts anyway after this long. */
export const hintsTimeoutMs = 2000;

/** chunksHinted resolves once the boot script's hints are out, at once when there are none to wait for. */
export function chunksHinted(doc: Document = document): Promise<void> {
  const waiting = doc.querySelector('meta[name="lockers-preload"]') && !doc.documentElement.hasAttribute(preloadedAttribute);
  if (!waiting) return Promise.resolve();
  return new Promise((resolve) => {
    doc.addEventListener(preloadedEvent, () => resolve(), { once: true });
    setTimeout(resolve, hintsTimeoutMs);
  });
}
