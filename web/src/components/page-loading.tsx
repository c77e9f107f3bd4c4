import { useTranslation } from '@/i18n';

/**
 * PageLoading fills the page while a page chunk or the session loads: the outline of
 * a screen (a heading and two cards) rather than a "Loading…" line, so the page does
 * not jump when it arrives (issue 14). The start-up path renders it, so it is a module
 * of its own that imports no other component: whatever it imported would join the entry.
 */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="grid gap-6" data-testid="page-loading">
      <span className="sr-only">{t('app.loading')}</span>
      <div aria-hidden="true" className="h-8 w-48 animate-pulse rounded-lg bg-muted md:h-9" />
      {[0, 1].map((i) => (
        <div key={i} aria-hidden="true" className="h-32 animate-pulse rounded-2xl border bg-card p-5">
          <div className="h-3 w-1/3 rounded bg-muted" />
          <div className="mt-3 h-3 w-2/3 rounded bg-muted" />
          <div className="mt-3 h-3 w-1/2 rounded bg-muted" />
        </div>
      ))}
    </div>
  );
}
