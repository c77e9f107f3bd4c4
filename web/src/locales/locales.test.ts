import { describe, expect, it } from 'vitest';
import enAccount from './en/account';
import enBooking from './en/booking';
import en from './en/translation';
import etAccount from './et/account';
import etBooking from './et/booking';
import et from './et/translation';

// Values that are the same in both languages on purpose (brand, units, formats),
// as "namespace:key".
const sameInBoth = new Set(['translation:app.name']);

type Tree = { [key: string]: string | Tree };

/** leaves flattens a translation tree to "a.b.c" → value. */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of leaves(v, key)) out.set(kk, vv);
  }
  return out;
}

// Every namespace i18n.ts registers, flattened to "namespace:key" → value.
const namespaces: Array<[string, object, object]> = [
  ['translation', en, et],
  ['account', enAccount, etAccount],
  ['booking', enBooking, etBooking],
];
function all(pick: 1 | 2): Map<string, string> {
  const out = new Map<string, string>();
  for (const ns of namespaces) for (const [k, v] of leaves(ns[pick] as Tree)) out.set(`${ns[0]}:${k}`, v);
  return out;
}
const enKeys = all(1);
const etKeys = all(2);

describe('translations', () => {
  it('has no key in English that Estonian lacks', () => {
    expect([...enKeys.keys()].filter((k) => !etKeys.has(k))).toEqual([]);
  });

  it('has no key in Estonian that English lacks', () => {
    expect([...etKeys.keys()].filter((k) => !enKeys.has(k))).toEqual([]);
  });

  it('has no empty value', () => {
    const empty = [...enKeys, ...etKeys].filter(([, v]) => v.trim() === '').map(([k]) => k);
    expect(empty).toEqual([]);
  });

  it('translates every value into Estonian unless allow-listed', () => {
    // A pure format such as '{{quantity}} × {{duration}}' has no words to translate.
    const hasWords = (v: string) => /\p{L}/u.test(v.replace(/\{\{\w+\}\}/g, ''));
    const untranslated = [...enKeys]
      .filter(([k, v]) => etKeys.get(k) === v && hasWords(v) && !sameInBoth.has(k))
      .map(([k]) => k);
    expect(untranslated).toEqual([]);
  });

  it('keeps the same interpolation placeholders in both languages', () => {
    const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const mismatched = [...enKeys]
      .filter(([k, v]) => JSON.stringify(vars(v)) !== JSON.stringify(vars(etKeys.get(k) ?? '')))
      .map(([k]) => k);
    expect(mismatched).toEqual([]);
  });

  it('detects a missing key (the comparison itself works)', () => {
    const broken = new Map([['translation:a.b', 'x']]);
    expect([...enKeys.keys()].filter((k) => !broken.has(k)).length).toBe(enKeys.size);
  });
});
