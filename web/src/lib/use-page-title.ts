import { useEffect } from 'react';
import { useTranslation } from '@/i18n';

/** usePageTitle keeps the browser tab title in step with the page and the language. */
export function usePageTitle(title: string): void {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
}
