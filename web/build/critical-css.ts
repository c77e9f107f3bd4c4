import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
// The compiler and optimiser @tailwindcss/vite runs on the whole stylesheet, so the two agree rule for rule.
import { compile, optimize } from '@tailwindcss/node';

const classAttribute = /\sclass="([^"]*)"/g;
const entities: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>' };

/** classesOf lists the class names the markup uses (React escapes attribute values, so they are unescaped). */
export function classesOf(markup: string): string[] {
  const out = new Set<string>();
  for (const [, value] of markup.matchAll(classAttribute)) {
    for (const name of value.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (e) => entities[e] ?? e).split(/\s+/)) {
      if (name) out.add(name);
    }
  }
  return [...out];
}

/**
 * criticalCss is the stylesheet of the first screen alone: Tailwind builds the app's
 * stylesheet (cssFile, src/index.css: its theme, base styles and utilities) for the
 * classes the markup uses and nothing else, minified as the build's. index.html
 * carries it inline, so the prerendered screen paints with its styles and no
 * stylesheet to fetch, parse and match against it before (issue 44); the whole
 * stylesheet, every other screen's too, loads when the app starts. Every rule here is
 * also in the whole stylesheet, which comes after it, so nothing changes when it arrives.
 */
export async function criticalCss(cssFile: string, markup: string[]): Promise<string> {
  const compiler = await compile(await readFile(cssFile, 'utf8'), { base: dirname(cssFile), onDependency: () => {} });
  const candidates = classesOf(markup.join('\n'));
  if (candidates.length === 0) throw new Error('critical-css: the first screen uses no classes');
  return optimize(compiler.build(candidates), { minify: true }).code;
}
