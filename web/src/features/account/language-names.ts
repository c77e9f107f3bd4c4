import type { Language } from '@/i18n';

/** Each language named in itself, so that a reader of either can find theirs. */
export const languageNames: Record<Language, string> = {
  'en-US': 'English',
  et: 'Eesti',
};

/** serverLanguage maps the app language to the user's stored one ('en' | 'et'). */
export function serverLanguage(lng: Language): 'en' | 'et' {
  return lng === 'et' ? 'et' : 'en';
}
