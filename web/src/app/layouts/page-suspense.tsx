import { Suspense, type ReactNode } from 'react';
import { PageLoading } from '@/components/page-loading';
import { useLocation } from '@/components/nav';
import { PageErrorBoundary } from '../route-error';

// The route guards (app/guards.tsx) still import the spinner from here.
export { PageLoading };

/** PageSuspense shows a spinner while a page loads and an error screen when it fails. */
export function PageSuspense({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </PageErrorBoundary>
  );
}
