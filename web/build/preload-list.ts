import type { HtmlTagDescriptor } from 'vite';

/**
 * preloadList is a <meta name="lockers-preload"> with the given URLs, the list the
 * boot script (boot-after-paint.ts) hints after the first paint. kind marks a list
 * that is not entry code ("boot", "sign-in"); bench/web-size.sh counts only the
 * unmarked one.
 */
export function preloadList(urls: string[], kind?: 'boot' | 'sign-in'): HtmlTagDescriptor {
  const attrs: Record<string, string> = { name: 'lockers-preload', content: urls.join(' ') };
  if (kind) attrs['data-preload'] = kind;
  return { tag: 'meta', attrs, injectTo: 'head' };
}
