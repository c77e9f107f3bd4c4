import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from '@/i18n';
import type { Translation } from '@/locales/en/translation';
import { cn } from '@/lib/utils';
import { usePageTitle } from '@/lib/use-page-title';

export type PageId = keyof Translation['pages'];

// The first screen of a visit is where the browser put it; every later one is a navigation.
let firstScreen = true;

/**
 * useArrival puts a newly opened screen at its start: scrolled to the top, with focus
 * on its heading so a screen reader starts there (issue 14). It runs when the screen
 * (its page id) changes — not when its own URL changes, as the timeframe's does while
 * the user types, so input keeps its focus.
 */
function useArrival(page: PageId) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (firstScreen) {
      firstScreen = false;
      return;
    }
    window.scrollTo({ top: 0, left: 0 });
    heading.current?.focus({ preventScroll: true });
  }, [page]);
  return heading;
}

interface PageProps {
  page: PageId;
  /** A badge shown next to the title, e.g. "Coming soon". */
  badge?: ReactNode;
  className?: string;
  children?: ReactNode;
}

/** Page is the frame of every screen: its translated title as the one h1, then the content. */
export function Page({ page, badge, className, children }: PageProps) {
  const { t } = useTranslation();
  const title = t(`pages.${page}.title`);
  usePageTitle(title);
  const heading = useArrival(page);
  return (
    <section data-page={page} className={cn('grid gap-6', className)}>
      <header className="flex flex-wrap items-center gap-3">
        <h1 ref={heading} tabIndex={-1} className="outline-none text-2xl font-semibold tracking-tight text-balance md:text-3xl">{title}</h1>
        {badge}
      </header>
      {children}
    </section>
  );
}

/** Card is a plain surface for grouping content. */
export function Card({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div data-slot="card" className={cn('rounded-2xl border bg-card p-5 text-card-foreground shadow-xs md:p-6', className)}>
      {children}
    </div>
  );
}
