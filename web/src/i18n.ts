import { cloneElement, createContext, createElement, Fragment, useContext, useMemo, useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { read, remove, storageKeys, write } from '@/lib/storage';
import { Translator, type TranslateOptions, type Tree } from '@/lib/translator';
import type { AccountTranslation } from '@/locales/en/account';
import type { AdminTranslation } from '@/locales/en/admin';
import type { Booking } from '@/locales/en/booking';
import type { InvoiceTranslation } from '@/locales/en/invoice';
import type { PaymentTranslation } from '@/locales/en/payment';
import type { HelpTranslation } from '@/locales/en/help';
import type { NotificationsTranslation } from '@/locales/en/notifications';
import type { StatusTranslation } from '@/locales/en/status';
import type { Translation } from '@/locales/en/translation';

export const languages = ['en-US', 'et'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en-US';

/**
 * toLanguage maps a stored or server value ('en', 'en-US', 'et', ...) to one we ship.
 * index.html's first-screen script runs its source text: it uses only its argument.
 */
export function toLanguage(value: string | null | undefined): Language {
  return value?.toLowerCase().startsWith('et') ? 'et' : 'en-US';
}

/**
 * browserLanguage is the first of the browser's languages that we ship (et-EE → et,
 * en-GB → en-US); English when none is. A first visit follows it until the user chooses.
 */
export function browserLanguage(list: readonly string[] | undefined): Language {
  const known = list?.find((l) => /^(et|en)(-|$)/i.test(l));
  return toLanguage(known ?? defaultLanguage);
}

/** The namespaces: the shell's `translation` plus one per feature. */
export interface Resources {
  translation: Translation;
  account: AccountTranslation;
  booking: Booking;
  payment: PaymentTranslation;
  invoice: InvoiceTranslation;
  help: HelpTranslation;
  admin: AdminTranslation;
  notifications: NotificationsTranslation;
  status: StatusTranslation;
}
export type Namespace = keyof Resources;
export const namespaces: Namespace[] = ['translation', 'account', 'booking', 'payment', 'invoice', 'help', 'admin', 'notifications', 'status'];

// The keys of a namespace, "a.b.c", with a plural's _one/_other endings dropped: a
// misspelt key is a compile error.
type PluralEnding = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
type Base<K extends string> = K extends `${infer B}_${PluralEnding}` ? B : K;
type Paths<T> = { [K in keyof T & string]: T[K] extends string ? Base<K> : `${K}.${Paths<T[K]>}` }[keyof T & string];
export type TKey<N extends Namespace = 'translation'> = Paths<Resources[N]>;

/** TFunction translates a key of namespace D, or of the namespace named by options.ns. */
export type TFunction<D extends Namespace = 'translation'> = <N extends Namespace = D>(
  key: TKey<N>,
  options?: TranslateOptions & { ns?: N },
) => string;

// Each language is a set of small chunks, one per namespace, fetched before the first
// render in parallel with the first page's chunk, so no text weighs on the entry. English
// is always loaded: it is the fallback. The sign-in screen starts with its own namespaces
// and the rest follows right after it (initI18n, loadAllTexts).
type Loaders = { [N in Namespace]: () => Promise<{ default: Resources[N] }> };
const loaders: Record<Language, Loaders> = {
  'en-US': {
    translation: () => import('@/locales/en/translation'),
    account: () => import('@/locales/en/account'),
    booking: () => import('@/locales/en/booking'),
    payment: () => import('@/locales/en/payment'),
    invoice: () => import('@/locales/en/invoice'),
    help: () => import('@/locales/en/help'),
    admin: () => import('@/locales/en/admin'),
    notifications: () => import('@/locales/en/notifications'),
    status: () => import('@/locales/en/status'),
  },
  et: {
    translation: () => import('@/locales/et/translation'),
    account: () => import('@/locales/et/account'),
    booking: () => import('@/locales/et/booking'),
    payment: () => import('@/locales/et/payment'),
    invoice: () => import('@/locales/et/invoice'),
    help: () => import('@/locales/et/help'),
    admin: () => import('@/locales/et/admin'),
    notifications: () => import('@/locales/et/notifications'),
    status: () => import('@/locales/et/status'),
  },
};

/** load fetches the namespaces only of a language. */
async function load(lng: Language, only: readonly Namespace[]): Promise<Partial<Resources>> {
  const modules = await Promise.all(only.map((ns) => loaders[lng][ns]()));
  return Object.fromEntries(only.map((ns, i) => [ns, modules[i]?.default])) as Partial<Resources>;
}

/** loadResources fetches every namespace of a language (the build's prerender uses it too). */
export async function loadResources(lng: Language): Promise<Resources> {
  return (await load(lng, namespaces)) as Resources;
}

/** addMissing adds to translator the namespaces of only it does not have yet in language lng. */
async function addMissing(translator: Translator, lng: Language, only: readonly Namespace[] = namespaces): Promise<void> {
  const missing = only.filter((ns) => !translator.hasTexts(lng, ns));
  if (missing.length) translator.addTexts(lng, (await load(lng, missing)) as Record<string, Tree>);
}

/** I18n is the app's view of a translator: typed keys, and languages loaded on demand. */
export interface I18n {
  readonly language: Language;
  t: TFunction;
  getFixedT<N extends Namespace>(lng: Language | null, ns: N): TFunction<N>;
  /** changeLanguage loads the language's texts if needed, then switches to it. */
  changeLanguage(lng: Language): Promise<void>;
  readonly translator: Translator;
}

function typed(translator: Translator): I18n {
  return {
    get language() {
      return toLanguage(translator.language);
    },
    t: translator.t as TFunction,
    getFixedT: <N extends Namespace>(lng: Language | null, ns: N) => translator.fixed(lng, ns) as TFunction<N>,
    async changeLanguage(lng) {
      await addMissing(translator, lng);
      translator.setLanguage(lng);
    },
    translator,
  };
}

/** createI18n makes a translator with the given languages' texts (the build's prerender has its own). */
export function createI18n(resources: Partial<Record<Language, Resources>>, lng: Language = defaultLanguage): I18n {
  const translator = new Translator(defaultLanguage, 'translation');
  for (const [l, res] of Object.entries(resources)) translator.addTexts(l, res as unknown as Record<string, Tree>);
  translator.setLanguage(lng);
  return typed(translator);
}

/** The app's translator. */
const i18n = createI18n({});

/**
 * initI18n starts the app in the stored language, else in the browser's (issue 28), with
 * the namespaces first (all by default): the sign-in screen asks for its own only, and
 * loadAllTexts brings the rest right after it.
 */
export async function initI18n(first: readonly Namespace[] = namespaces): Promise<void> {
  const stored = read(storageKeys.language);
  const lng = stored ? toLanguage(stored) : browserLanguage(navigator.languages);
  const english = addMissing(i18n.translator, defaultLanguage, first);
  const chosen = lng === defaultLanguage ? null : addMissing(i18n.translator, lng, first).then(() => true, () => false);
  await english;
  i18n.translator.subscribe(() => {
    document.documentElement.lang = i18n.language;
  });
  document.documentElement.lang = defaultLanguage;
  if (chosen && (await chosen)) i18n.translator.setLanguage(lng);
  // else English: the chosen language's chunks could not be fetched this time.
}

/** loadAllTexts adds what initI18n left out: every namespace of English and of the current language. */
export async function loadAllTexts(): Promise<void> {
  const lng = i18n.language;
  await Promise.all([addMissing(i18n.translator, defaultLanguage), lng === defaultLanguage ? null : addMissing(i18n.translator, lng)]);
}

/** setLanguage switches the app language and remembers it on this device. */
export async function setLanguage(lng: Language): Promise<void> {
  await i18n.changeLanguage(lng);
  write(storageKeys.language, lng);
}

/**
 * chooseLanguage is the user's own choice (the switch): besides setLanguage it is kept
 * as the choice, which the next sign-in saves to the account instead of letting the
 * account's language overturn it (takeLanguageChoice).
 */
export async function chooseLanguage(lng: Language): Promise<void> {
  write(storageKeys.languageChoice, lng);
  await setLanguage(lng);
}

/** takeLanguageChoice returns the language chosen on this device since the last sign-in, once. */
export function takeLanguageChoice(): Language | null {
  const chosen = read(storageKeys.languageChoice);
  remove(storageKeys.languageChoice);
  return chosen ? toLanguage(chosen) : null;
}

/** hasLanguageChoice: a choice waits to be saved to the account. */
export function hasLanguageChoice(): boolean {
  return read(storageKeys.languageChoice) !== null;
}

const I18nContext = createContext<I18n>(i18n);

/** I18nProvider gives a subtree another translator than the app's (the build's prerender). */
export const I18nProvider = I18nContext.Provider;

/** useTranslation gives t for namespace ns; the component re-renders when the language changes. */
export function useTranslation<N extends Namespace = 'translation'>(ns?: N): { t: TFunction<N>; i18n: I18n } {
  const current = useContext(I18nContext);
  const language = () => current.translator.language;
  const lng = useSyncExternalStore(current.translator.subscribe, language, language);
  return useMemo(() => ({ t: current.translator.fixed(lng, ns) as TFunction<N>, i18n: current }), [current, lng, ns]);
}

interface TransProps<N extends Namespace> {
  t: TFunction<N>;
  i18nKey: TKey<N>;
  values?: Record<string, unknown>;
  /** Elements for the text's <name>…</name> tags, e.g. { strong: <strong /> }. */
  components: Record<string, ReactElement>;
}

/** Trans renders a text whose <tags> become the given elements around their words. */
export function Trans<N extends Namespace>({ t, i18nKey, values, components }: TransProps<N>) {
  const text = (t as (key: string, options?: TranslateOptions) => string)(i18nKey, values);
  const parts: ReactNode[] = [];
  let rest = text;
  for (let m = /<(\w+)>(.*?)<\/\1>/s.exec(rest); m; m = /<(\w+)>(.*?)<\/\1>/s.exec(rest)) {
    parts.push(rest.slice(0, m.index));
    const element = components[m[1] ?? ''];
    parts.push(element ? cloneElement(element, { key: parts.length }, m[2]) : m[2]);
    rest = rest.slice(m.index + m[0].length);
  }
  parts.push(rest);
  return createElement(Fragment, null, ...parts);
}

export default i18n;
