import type { ReactNode } from 'react';
import { usePageTitle } from '@/lib/use-page-title';
import type { PageId } from '@/components/page';

/**
 * HelpFrame is Page for a help screen whose title is the topic's own (from the
 * server), not a fixed text: one h1, and the browser tab follows it.
 */
export function HelpFrame({ page, title, before, children }: { page: PageId; title: string; before?: ReactNode; children: ReactNode }) {
  usePageTitle(title);
  return (
    <section data-page={page} className="grid gap-6">
      {before}
      <h1 className="text-2xl font-semibold tracking-tight text-balance md:text-3xl">{title}</h1>
      {children}
    </section>
  );
}
