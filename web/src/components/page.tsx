import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n';
import type { Translation } from '@/locales/en/translation';
import { cn } from '@/lib/utils';
import { usePageTitle } from '@/lib/use-page-title';

export type PageId = keyof Translation['pages'];


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
  return (
    <section data-page={page} className={cn('grid gap-6', className)}>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-balance md:text-3xl">{title}</h1>
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
