import { describe, expect, it } from 'vitest';
import { namespaces } from '@/i18n';

// Every namespace file of each language, found on disk: a new namespace is checked
// without anyone adding it here.
const enFiles = import.meta.glob<object>('./en/*.ts', { eager: true, import: 'default' });
const etFiles = import.meta.glob<object>('./et/*.ts', { eager: true, import: 'default' });

// Values that are the same in both languages on purpose, as "namespace:key": the
// brand, and formats without words.
// "min" is the Estonian abbreviation of minutes too.
const sameInBoth = new Set(['translation:app.name']);

type Tree = { [key: string]: string | Tree };
type Texts = Map<string, string>;

const namespaceOf = (path: string) => path.replace(/^.*\/(\w+)\.ts$/, '$1');

/** flatten turns each language's files into "namespace:a.b.c" → text. */
function flatten(files: Record<string, object>): Texts {
  const out: Texts = new Map();
  const walk = (ns: string, tree: Tree, prefix: string) => {
    for (const [k, v] of Object.entries(tree)) {
      const key = prefix ? `${prefix}.${k}` : k;
      if (typeof v === 'string') out.set(`${ns}:${key}`, v);
      else walk(ns, v, key);
    }
  };
  for (const [path, tree] of Object.entries(files)) walk(namespaceOf(path), tree as Tree, '');
  return out;
}

// The checks, as functions of two text sets, so that each is shown below to catch
// the fault it exists for.
const missing = (from: Texts, inn: Texts) => [...from.keys()].filter((k) => !inn.has(k));
const empty = (texts: Texts) => [...texts].filter(([, v]) => v.trim() === '').map(([k]) => k);
/** untranslated: Estonian texts identical to the English ones although they hold words. */
const untranslated = (en: Texts, et: Texts, allowed: Set<string>) =>
  [...en].filter(([k, v]) => et.get(k) === v && /\p{L}/u.test(v.replace(/\{\{[^}]*\}\}/g, '')) && !allowed.has(k)).map(([k]) => k);
/** The {{placeholders}} and <tags> (for Trans) of a text, which both languages must share. */
const slots = (v: string) => [...v.matchAll(/\{\{\s*(\w+)[^}]*\}\}|<\/?(\w+)\s*\/?>/g)].map((m) => m[1] ?? `<${m[2]}>`).sort();
const slotMismatch = (en: Texts, et: Texts) =>
  [...en].filter(([k, v]) => et.has(k) && JSON.stringify(slots(v)) !== JSON.stringify(slots(et.get(k) ?? ''))).map(([k]) => k);

describe('the translation checks catch what they are for', () => {
  const en: Texts = new Map([
    ['ns:a', 'Hello {{name}}'],
    ['ns:b', 'Book now'],
    ['ns:c', '{{count}} × {{unit}}'],
    ['ns:d', 'Read <strong>this</strong>'],
    ['ns:e', 'Only in English'],
  ]);
  const et: Texts = new Map([
    ['ns:a', 'Tere {{nimi}}'], // a renamed placeholder
    ['ns:b', 'Book now'], // left in English
    ['ns:c', '{{count}} × {{unit}}'], // no words: the same on purpose
    ['ns:d', 'Loe seda'], // the <strong> of the English text is gone
    ['ns:f', ''], // only in Estonian, and empty
  ]);

  it('finds keys one language lacks', () => {
    expect(missing(en, et)).toEqual(['ns:e']);
    expect(missing(et, en)).toEqual(['ns:f']);
  });

  it('finds empty texts', () => {
    expect(empty(et)).toEqual(['ns:f']);
  });

  it('finds Estonian left in English, but not a format without words or an allowed key', () => {
    expect(untranslated(en, et, new Set())).toEqual(['ns:b']);
    expect(untranslated(en, et, new Set(['ns:b']))).toEqual([]);
  });

  it('finds placeholders and tags that differ', () => {
    expect(slotMismatch(en, et)).toEqual(['ns:a', 'ns:d']);
  });
});

describe('translations', () => {
  const en = flatten(enFiles);
  const et = flatten(etFiles);

  it('has the same namespaces in both languages, each registered with the translator', () => {
    const names = (files: Record<string, object>) => Object.keys(files).map(namespaceOf).sort();
    expect(names(etFiles)).toEqual(names(enFiles));
    expect([...namespaces].sort()).toEqual(names(enFiles));
    expect(en.size).toBeGreaterThan(500); // the files were found and read
  });

  it('has every English key in Estonian and no other', () => {
    expect(missing(en, et)).toEqual([]);
    expect(missing(et, en)).toEqual([]);
  });

  it('has no empty text', () => {
    expect([...empty(en), ...empty(et)]).toEqual([]);
  });

  it('translates every text into Estonian unless it is allowed to stay the same', () => {
    expect(untranslated(en, et, sameInBoth)).toEqual([]);
  });

  it('allows only texts that really are the same in both languages', () => {
    expect([...sameInBoth].filter((k) => !en.has(k) || en.get(k) !== et.get(k))).toEqual([]);
  });

  it('keeps the same placeholders and tags in both languages', () => {
    expect(slotMismatch(en, et)).toEqual([]);
  });
});
