import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from 'react';
import { currentToast, subscribe } from '@/components/ui/toast-store';
import { createQueryClient } from './query-client';

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

/**
 * App holds what every screen shares: the query client and the toasts. Its children
 * are the screen: the sign-in screen before the router has loaded
 * (app/sign-in-screen.tsx), then the router's (RoutedApp in app/router.tsx).
 */
export function App({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      {children}
      <LazyToaster />
    </QueryClientProvider>
  );
}
