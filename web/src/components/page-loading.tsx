import { useTranslation } from '@/i18n';

/**
 * PageLoading fills the page while a page chunk or the session loads. The start-up
 * path renders it, so it is a module of its own that imports no other component (an
 * inline ring rather than the Spinner): whatever it imported would join the entry.
 */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-muted-foreground">
      <svg viewBox="0 0 24 24" fill="none" className="size-5 animate-spin" aria-hidden="true">
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span>{t('app.loading')}</span>
    </div>
  );
}
