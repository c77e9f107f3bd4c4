import { useQuery } from '@tanstack/react-query';
import type { IssueView } from '@/api/generated/app-router';
import { Card } from '@/components/page';
import { EmptyState, ErrorState, LoadingState } from '@/components/page-states';
import { useTranslation } from '@/i18n';
import { cn } from '@/lib/utils';
import { issueListQuery, usePhotoUrl } from './api';
import { deviceZone, formatInstant } from '@/lib/format';

const stateTone: Record<IssueView['state'], string> = {
  open: 'bg-amber-100 text-amber-900',
  in_progress: 'bg-sky-100 text-sky-900',
  resolved: 'bg-emerald-100 text-emerald-900',
};

// On the reader's own clock: a report is not about one station's time.
const when = (iso: string, language: string) => formatInstant(iso, deviceZone(), language);

/** ReportList is the user's reports, newest first: what they sent, the state, and the operators' answers. */
export function ReportList() {
  const { t } = useTranslation('help');
  const { data, isPending, isError, refetch } = useQuery(issueListQuery());
  if (isPending) return <LoadingState />;
  if (isError) return <ErrorState onRetry={() => void refetch()} />;
  if (!data.length) return <EmptyState message={t('reports.none')} />;
  return (
    <ul className="grid gap-3" aria-label={t('reports.mine')}>
      {data.map((r) => (
        <li key={r.uuid} data-issue={r.uuid}>
          <Report report={r} />
        </li>
      ))}
    </ul>
  );
}

function Report({ report: r }: { report: IssueView }) {
  const { t, i18n } = useTranslation('help');
  return (
    <Card className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{t(`reports.categories.${r.category}`)}</h3>
        <span data-issue-state={r.state} className={cn('rounded-full px-2.5 py-0.5 text-xs font-medium', stateTone[r.state])}>
          {t(`reports.states.${r.state}`)}
        </span>
      </div>
      <p className="text-sm text-muted-foreground">
        {t('reports.sentAt', { date: when(r.createdAt, i18n.language) })}
        {r.stationName ? ` · ${t('reports.where', { station: r.stationName, label: r.label })}` : ''}
      </p>
      <p className="whitespace-pre-wrap">{r.text}</p>
      {r.photoRef && <Photo photoRef={r.photoRef} />}
      <section className="grid gap-2 border-t pt-3" aria-label={t('reports.answers')}>
        {r.answers.length ? (
          r.answers.map((a, i) => (
            <div key={i} className="rounded-xl bg-secondary/60 px-3 py-2" data-answer>
              <p className="whitespace-pre-wrap">{a.text}</p>
              <p className="text-xs text-muted-foreground">
                {when(a.createdAt, i18n.language)} · {t(`reports.states.${a.state}`)}
              </p>
            </div>
          ))
        ) : (
          <p className="text-sm text-muted-foreground">{t('reports.noAnswer')}</p>
        )}
      </section>
    </Card>
  );
}

function Photo({ photoRef }: { photoRef: string }) {
  const { t } = useTranslation('help');
  const { url, isError } = usePhotoUrl(photoRef);
  if (isError) return <p className="text-sm text-muted-foreground">{t('reports.photoFailed')}</p>;
  return url ? <img src={url} alt={t('reports.photoAlt')} className="max-h-64 w-auto rounded-xl border object-contain" /> : null;
}
