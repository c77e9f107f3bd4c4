import i18n, { type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { read, storageKeys, write } from '@/lib/storage';
import type { AccountTranslation } from '@/locales/en/account';
import type { Booking } from '@/locales/en/booking';
import type { InvoiceTranslation } from '@/locales/en/invoice';
import type { PaymentTranslation } from '@/locales/en/payment';
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

/** The namespaces: the shell's `translation` plus one per feature. */
export interface Resources {
  translation: Translation;
  account: AccountTranslation;
  booking: Booking;
  payment: PaymentTranslation;
  invoice: InvoiceTranslation;
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: Resources;
  }
}

// Each language is a set of small chunks, fetched before the first render in parallel
// with the first page's chunk (which the first paint waits for anyway), so no text
// weighs on the entry. English is always loaded: it is the fallback.
const loaders: Record<Language, () => Promise<Resources>> = {
  'en-US': async () => {
    const [translation, account, booking, payment, invoice] = await Promise.all([
      import('@/locales/en/translation'),
      import('@/locales/en/account'),
      import('@/locales/en/booking'),
      import('@/locales/en/payment'),
      import('@/locales/en/invoice'),
    ]);
    return {
      translation: translation.default,
      account: account.default,
      booking: booking.default,
      payment: payment.default,
      invoice: invoice.default,
    };
  },
  et: async () => {
    const [translation, account, booking, payment, invoice] = await Promise.all([
      import('@/locales/et/translation'),
      import('@/locales/et/account'),
      import('@/locales/et/booking'),
      import('@/locales/et/payment'),
      import('@/locales/et/invoice'),
    ]);
    return {
      translation: translation.default,
      account: account.default,
      booking: booking.default,
      payment: payment.default,
      invoice: invoice.default,
    };
  },
};

function addResources(lng: Language, res: Resources): void {
  for (const [ns, bundle] of Object.entries(res)) i18n.addResourceBundle(lng, ns, bundle, true, true);
}

async function loadLanguage(lng: Language): Promise<void> {
  if (!i18n.hasResourceBundle(lng, 'translation')) addResources(lng, await loaders[lng]());
}

/** loadResources fetches every namespace of a language (the build's prerender uses it too). */
export function loadResources(lng: Language): Promise<Resources> {
  return loaders[lng]();
}

/** i18nOptions are the settings of every i18next instance: the app's, and the build prerender's own. */
export const i18nOptions = {
  ns: ['translation', 'account', 'booking', 'payment', 'invoice'],
  defaultNS: 'translation',
  fallbackLng: defaultLanguage,
  supportedLngs: [...languages],
  interpolation: { escapeValue: false }, // React escapes already
  returnNull: false,
  initAsync: false,
} as const satisfies InitOptions;

/** initI18n starts i18next in the stored language (default en-US). */
export async function initI18n(): Promise<void> {
  const lng = toLanguage(read(storageKeys.language));
  const english = loaders[defaultLanguage]();
  const chosen = lng === defaultLanguage ? null : loaders[lng]().catch(() => null);
  await i18n.use(initReactI18next).init({
    ...i18nOptions,
    resources: { [defaultLanguage]: { ...(await english) } },
    lng: defaultLanguage,
  });
  i18n.on('languageChanged', (l) => {
    document.documentElement.lang = l;
  });
  document.documentElement.lang = defaultLanguage;
  const bundle = await chosen;
  if (bundle) {
    addResources(lng, bundle);
    await i18n.changeLanguage(lng);
  } // else English: the chosen language's chunks could not be fetched this time.
}

/** setLanguage switches the app language and remembers it on this device. */
export async function setLanguage(lng: Language): Promise<void> {
  await loadLanguage(lng);
  write(storageKeys.language, lng);
  await i18n.changeLanguage(lng);
}

export default i18n;
