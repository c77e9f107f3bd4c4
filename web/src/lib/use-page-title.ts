import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** usePageTitle keeps the browser tab title in step with the page and the language. */
export function usePageTitle(title: string): void {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
}
