/**
 * A small translator in place of i18next, which was 18 kB gzip of JavaScript that
 * every first load had to evaluate. It does what the app's texts use: namespaces,
 * dotted keys, {{placeholders}}, plurals by `count` (key_one, key_other, ... as
 * Intl.PluralRules names them), a fallback language, and a language-change event.
 */
export type Tree = { [key: string]: string | Tree };

export interface TranslateOptions {
  ns?: string;
  count?: number;
  [value: string]: unknown;
}

export class Translator {
  language: string;
  private texts = new Map<string, Record<string, Tree>>(); // language → namespace → tree
  private listeners = new Set<() => void>();

  readonly fallback: string;
  readonly defaultNs: string;

  constructor(fallback: string, defaultNs: string) {
    this.fallback = fallback;
    this.defaultNs = defaultNs;
    this.language = fallback;
  }

  /** addTexts adds the namespaces of a language. */
  addTexts(lng: string, namespaces: Record<string, Tree>): void {
    this.texts.set(lng, { ...this.texts.get(lng), ...namespaces });
  }

  /** hasTexts: the language has texts (of namespace ns, when given). */
  hasTexts(lng: string, ns?: string): boolean {
    const texts = this.texts.get(lng);
    return !!texts && (ns === undefined || ns in texts);
  }

  /** setLanguage switches the language and tells the subscribers (the screens re-render). */
  setLanguage(lng: string): void {
    if (lng === this.language) return;
    this.language = lng;
    for (const listener of this.listeners) listener();
  }

  /** subscribe calls listener on every language change; it returns the unsubscribe. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** t is the text of key in the current language, else the fallback's, else the key itself. */
  t = (key: string, options: TranslateOptions = {}): string => this.translate(this.language, key, options);

  /** fixed is t for one language and default namespace. */
  fixed(lng: string | null, ns?: string): (key: string, options?: TranslateOptions) => string {
    return (key, options = {}) => this.translate(lng ?? this.language, key, { ns, ...options });
  }

  private translate(lng: string, key: string, options: TranslateOptions): string {
    const ns = options.ns ?? this.defaultNs;
    const text = this.lookup(lng, ns, key, options.count) ?? this.lookup(this.fallback, ns, key, options.count) ?? key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (slot, name: string) => (name in options ? String(options[name]) : slot));
  }

  private lookup(lng: string, ns: string, key: string, count: number | undefined): string | undefined {
    let node: string | Tree | undefined = this.texts.get(lng)?.[ns];
    const path = key.split('.');
    const last = path.pop() ?? '';
    for (const part of path) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node !== 'object') return undefined;
    const candidates = count === undefined ? [last] : [`${last}_${pluralOf(lng, count)}`, `${last}_other`, last];
    for (const name of candidates) {
      const text = node[name];
      if (typeof text === 'string') return text;
    }
    return undefined;
  }
}

const plurals = new Map<string, Intl.PluralRules>();

function pluralOf(lng: string, count: number): Intl.LDMLPluralRule {
  let rules = plurals.get(lng);
  if (!rules) plurals.set(lng, (rules = new Intl.PluralRules(lng)));
  return rules.select(count);
}
