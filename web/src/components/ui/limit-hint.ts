import { useTranslation } from '@/i18n';

/**
 * useLimitHint says a field's limit once its value has reached it (issue 46): the
 * field's maxLength (the server's limit, lib/field-limits.ts) stops typing and cuts a
 * paste there, and the hint says why instead of cutting without a word. It answers
 * undefined below the limit, so the field shows no hint then. Lengths are counted as
 * maxLength counts them (UTF-16 units), never more than the server's characters.
 */
export function useLimitHint(): (value: string, max: number) => string | undefined {
  const { t } = useTranslation();
  return (value, max) => (value.length >= max ? t('errors.server.at_most_n_characters', { n: String(max) }) : undefined);
}
