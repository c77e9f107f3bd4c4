import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { read, storageKeys, write } from '@/lib/storage';
import en from '@/locales/en/translation';
import et from '@/locales/et/translation';

export const languages = ['en-US', 'et'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en-US';

/** toLanguage maps a stored or server value ('en', 'en-US', 'et', ...) to one we ship. */
export function toLanguage(value: string | null | undefined): Language {
  if (!value) return defaultLanguage;
  return value.toLowerCase().startsWith('et') ? 'et' : 'en-US';
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

void i18n.use(initReactI18next).init({
  resources: { 'en-US': { translation: en }, et: { translation: et } },
  lng: toLanguage(read(storageKeys.language)),
  fallbackLng: defaultLanguage,
  supportedLngs: [...languages],
  interpolation: { escapeValue: false }, // React escapes already
  returnNull: false,
  initAsync: false,
});

document.documentElement.lang = i18n.language;
i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});

/** setLanguage switches the app language and remembers it on this device. */
export async function setLanguage(lng: Language): Promise<void> {
  write(storageKeys.language, lng);
  await i18n.changeLanguage(lng);
}

export default i18n;
