import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { PageErrorBoundary } from '../route-error';

/** PageLoading is shown while a page chunk or the session loads. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-16 text-muted-foreground">
      <Spinner className="size-5" />
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
