import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-router';
import { currentToast, subscribe } from '@/components/ui/toast-store';
import { createQueryClient } from './query-client';
import type { AppRouter } from './router';

// The toast viewport loads with the first toast: most first visits never show one.
const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

function LazyToaster() {
  const [needed, setNeeded] = useState(false);
  const toast = useSyncExternalStore(subscribe, currentToast, currentToast);
  if (toast && !needed) setNeeded(true); // stays mounted once loaded
  return needed || toast ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

export function App({ router }: { router: AppRouter }) {
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <LazyToaster />
    </QueryClientProvider>
  );
}
