import type { Language } from '@/i18n';

/** A text the server sends in both languages. */
export interface Localized {
  en: string;
  et: string;
}

/** helpLang is the server's name of the app language. */
export const helpLang = (language: Language): 'en' | 'et' => (language === 'et' ? 'et' : 'en');

/** pick returns a text in the app language. */
export const pick = (text: Localized, language: Language): string => text[helpLang(language)];

/** helpHref is the address of a section or an article. */
export const helpHref = (node: { path: string; kind: 'section' | 'article' }): string =>
  `/help/${node.kind === 'article' ? 'content' : 'list'}/${node.path}`;
