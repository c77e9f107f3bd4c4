import { useTranslation } from '@/i18n';
import { LoadingState } from '@/components/page-states';
import { usePageTitle } from '@/lib/use-page-title';
import type { PageId } from '@/components/page';

/** HelpSkeleton stands in for a section or an article while it loads: crumbs, a title, text. */
export function HelpSkeleton({ page }: { page: PageId }) {
  const { t } = useTranslation();
  usePageTitle(t(`pages.${page}.title`));
  return (
    <section data-page={page} className="grid gap-6" aria-busy="true">
      <div aria-hidden="true" className="h-4 w-40 animate-pulse rounded bg-muted" />
      <div aria-hidden="true" className="h-8 w-2/3 max-w-md animate-pulse rounded-lg bg-muted" />
      <LoadingState rows={3} />
    </section>
  );
}
