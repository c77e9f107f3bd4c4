import { useTranslation } from '@/i18n';
import { fieldMessage, type FieldMessage, type TextLookup } from './errors';

/**
 * useFieldMessage gives forms the server's word about a refused field (lib/errors.ts
 * fieldMessage) in the screen's language: a form puts `text` at the field `field`
 * names, so what the server said is what the user reads (issue 26).
 */
export function useFieldMessage(): (err: unknown) => FieldMessage | null {
  const { t } = useTranslation();
  const lookup: TextLookup = (key, params) => {
    const text = (t as (key: string, options?: Record<string, unknown>) => string)(key, params);
    return text === key ? null : text;
  };
  return (err) => (err ? fieldMessage(err, lookup) : null);
}
