import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from '@/i18n';
import { Card } from '@/components/page';
import { ErrorState } from '@/components/page-states';
import { helpArticleQuery, isNotFound } from '@/features/help/api';
import { HelpBreadcrumbs } from '@/features/help/components/help-breadcrumbs';
import { HelpFrame } from '@/features/help/components/help-frame';
import { HelpHTML } from '@/features/help/components/help-html';
import { HelpSkeleton } from '@/features/help/components/help-skeleton';
import { pick } from '@/features/help/lang';
import { formatDate, productZone } from '@/lib/format';

/** /help/content/{path}: one article, with the way to it. */
export default function HelpContentPage() {
  const { t, i18n } = useTranslation('help');
  const path = (useParams()['*'] ?? '').replace(/^\/+|\/+$/g, '');
  const q = useQuery({ ...helpArticleQuery(path), enabled: path !== '' });
  if (!path) return <Navigate to="/help/not-found" replace />;
  if (q.isPending) return <HelpSkeleton page="helpContent" />;
  if (q.isError) {
    if (isNotFound(q.error)) return <Navigate to="/help/not-found" replace />;
    return <ErrorState onRetry={() => void q.refetch()} />;
  }
  const a = q.data;
  const date = formatDate(a.updatedAt, productZone, i18n.language);
  return (
    <HelpFrame page="helpContent" title={pick(a.title, i18n.language)} before={<HelpBreadcrumbs crumbs={a.breadcrumbs} />}>
      <Card>
        <article data-testid="help-article">
          <HelpHTML html={pick(a.html, i18n.language)} />
        </article>
      </Card>
      <p className="text-sm text-muted-foreground">{t('updated', { date })}</p>
    </HelpFrame>
  );
}
