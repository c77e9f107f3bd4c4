import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from '@/i18n';
import { ErrorState } from '@/components/page-states';
import { helpTreeQuery, isNotFound } from '@/features/help/api';
import { HelpBreadcrumbs } from '@/features/help/components/help-breadcrumbs';
import { HelpFrame } from '@/features/help/components/help-frame';
import { HelpHTML } from '@/features/help/components/help-html';
import { HelpSkeleton } from '@/features/help/components/help-skeleton';
import { NodeList } from '@/features/help/components/node-list';
import { pick } from '@/features/help/lang';

/** /help/list/{path}: a section of any depth, with the way to it and what it holds. */
export default function HelpListPage() {
  const { t, i18n } = useTranslation('help');
  const path = (useParams()['*'] ?? '').replace(/^\/+|\/+$/g, '');
  const q = useQuery(helpTreeQuery(path));
  if (!path) return <Navigate to="/help" replace />;
  if (q.isPending) return <HelpSkeleton page="helpList" />;
  if (q.isError) {
    if (isNotFound(q.error)) return <Navigate to="/help/not-found" replace />;
    return <ErrorState onRetry={() => void q.refetch()} />;
  }
  const s = q.data;
  const intro = pick(s.html, i18n.language);
  return (
    <HelpFrame page="helpList" title={pick(s.title, i18n.language)} before={<HelpBreadcrumbs crumbs={s.breadcrumbs} />}>
      {intro && <HelpHTML html={intro} className="-mt-3 text-muted-foreground" />}
      <NodeList nodes={s.children} label={t('topics')} />
    </HelpFrame>
  );
}
