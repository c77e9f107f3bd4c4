import type { ReactNode } from 'react';
import { Brand } from '@/components/brand';
import { LanguageSwitch } from '@/components/language-switch';
import { OfflineBanner } from '@/components/offline-banner';
import { PageSuspense } from './page-suspense';

/**
 * PlainFrame frames screens outside the menu: sign-in, tutorial, update, payment
 * returns. Without the router: the sign-in screen renders in it before the router
 * has loaded (app/sign-in-screen.tsx); the route's layout is plain-layout.tsx.
 */
export function PlainFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="mx-auto flex w-full max-w-xl items-center justify-between px-4 pb-4 pt-[max(1rem,env(safe-area-inset-top))]">
        <Brand />
        <LanguageSwitch />
      </header>
      <div className="mx-auto w-full max-w-xl px-4">
        <OfflineBanner className="rounded-xl border" />
      </div>
      <main id="main" className="mx-auto w-full max-w-xl flex-1 px-4 pt-4 pb-16 md:pt-10">
        <PageSuspense>{children}</PageSuspense>
      </main>
    </div>
  );
}
