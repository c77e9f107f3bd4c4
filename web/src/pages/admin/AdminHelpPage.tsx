import { useQuery } from '@tanstack/react-query';
import { FileText, Folder } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Card } from '@/components/page';
import { EmptyState, ErrorState, LoadingState, NotFoundState } from '@/components/page-states';
import { AdminFrame } from '@/features/admin/frame';
import { helpTreeQuery, isNotFound } from '@/features/help/api';
import { useTranslation } from '@/i18n';
import { HelpEditor } from './help-editor';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** /admin/help — the help centre's tree, section by section (?path=), and the editor of one node (?edit=). */
export default function AdminHelpPage() {
  const [params] = useSearchParams();
  const edit = params.get('edit');
  return <AdminFrame page="adminHelp">{edit ? <HelpEditor path={edit} /> : <HelpTree path={params.get('path') ?? ''} />}</AdminFrame>;
}

function HelpTree({ path }: { path: string }) {
  const { t, i18n } = useTranslation('admin');
  const et = i18n.language === 'et';
  const { data, isPending, isError, error, refetch } = useQuery(helpTreeQuery(path));
  if (isPending) return <LoadingState />;
  if (isError) {
    if (isNotFound(error)) return <NotFoundState message={t('helpEditor.notFound')} back={{ to: '/admin/help', label: t('helpEditor.top') }} />;
    return <ErrorState onRetry={() => void refetch()} />;
  }
  const title = (n: { title: { en: string; et: string } }) => (et ? n.title.et : n.title.en);
  return (
    <Card className="grid gap-4">
      <nav aria-label={t('helpEditor.tree')}>
        <ol className="flex flex-wrap items-center gap-1 text-sm">
          <li>
            <Link to="/admin/help" className={linkClass}>
              {t('helpEditor.top')}
            </Link>
          </li>
          {[...data.breadcrumbs, ...(data.path ? [data] : [])].map((c) => (
            <li key={c.path} className="before:mx-1 before:content-['/']">
              <Link to={`/admin/help?path=${encodeURIComponent(c.path)}`} className={linkClass}>
                {title(c)}
              </Link>
            </li>
          ))}
        </ol>
      </nav>
      {data.path && (
        <div>
          <Link to={`/admin/help?edit=${encodeURIComponent(data.path)}`} className={linkClass}>
            {t('helpEditor.edit')}: {title(data)}
          </Link>
        </div>
      )}
      {data.children.length === 0 ? (
        <EmptyState message={t('helpEditor.empty')} />
      ) : (
        <ul className="grid divide-y" aria-label={t('helpEditor.tree')}>
          {data.children.map((c) => (
            <li key={c.path} data-help-node={c.path} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <span className="flex min-w-0 items-center gap-2">
                {c.kind === 'section' ? <Folder className="size-4 shrink-0" aria-hidden="true" /> : <FileText className="size-4 shrink-0" aria-hidden="true" />}
                <span className="min-w-0 break-words">{title(c)}</span>
                <span className="text-xs text-muted-foreground">{c.kind === 'section' ? t('helpEditor.section') : t('helpEditor.article')}</span>
              </span>
              <span className="flex gap-3">
                {c.kind === 'section' && (
                  <Link to={`/admin/help?path=${encodeURIComponent(c.path)}`} className={linkClass}>
                    {t('helpEditor.open')}
                  </Link>
                )}
                <Link to={`/admin/help?edit=${encodeURIComponent(c.path)}`} className={linkClass} aria-label={`${t('helpEditor.edit')}: ${title(c)}`}>
                  {t('helpEditor.edit')}
                </Link>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
