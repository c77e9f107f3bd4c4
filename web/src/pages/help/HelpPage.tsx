import { useQuery } from '@tanstack/react-query';
import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n';
import { Page } from '@/components/page';
import { ErrorState, LoadingState } from '@/components/page-states';
import { helpTreeQuery } from '@/features/help/api';
import { HelpSearch } from '@/features/help/components/help-search';
import { NodeList } from '@/features/help/components/node-list';

/** /help: the search box, its results, and the top sections of the help centre. */
export default function HelpPage() {
  const { t } = useTranslation('help');
  const top = useQuery(helpTreeQuery(''));
  return (
    <Page page="help">
      <p className="-mt-3 text-muted-foreground">{t('intro')}</p>
      <HelpSearch />
      <Link to="/guide" className="flex items-center gap-3 rounded-2xl border border-primary/30 bg-primary/5 px-4 py-3 font-medium text-primary outline-none hover:bg-primary/10 focus-visible:ring-2 focus-visible:ring-ring">
        <Compass className="size-5 shrink-0" aria-hidden="true" />
        {t('guideLink')}
      </Link>
      <section className="grid gap-3">
        <h2 className="text-lg font-semibold">{t('topics')}</h2>
        {top.isPending ? (
          <LoadingState rows={3} />
        ) : top.isError ? (
          <ErrorState onRetry={() => void top.refetch()} />
        ) : (
          <NodeList nodes={top.data.children} label={t('topics')} />
        )}
      </section>
    </Page>
  );
}
