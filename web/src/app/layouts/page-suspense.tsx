import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageErrorBoundary } from '../route-error';

/** PageLoading is shown while a page chunk or the session loads. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-muted-foreground">
      {/* Inline rather than the Spinner primitive: this is in the entry chunk. */}
      <svg viewBox="0 0 24 24" fill="none" className="size-5 animate-spin" aria-hidden="true">
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span>{t('app.loading')}</span>
    </div>
  );
}

/** PageSuspense shows a spinner while a page loads and an error screen when it fails. */
export function PageSuspense({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </PageErrorBoundary>
  );
}
