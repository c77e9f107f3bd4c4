import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminIssue, AdminIssueNote } from '@/api/generated/app-router';
import { BackLink } from '@/components/back-link';
import { EmptyState, ErrorState, LoadingState, NotFoundState } from '@/components/page-states';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { useAdminAccess } from '@/features/admin/access';
import { issueQuery, useUpdateIssue } from '@/features/admin/api';
import { issueTone } from '@/features/admin/columns';
import { ConfirmNoteDialog } from '@/features/admin/confirm-note-dialog';
import { DataList, type Column } from '@/features/admin/data-list';
import { adminErrorText, appCodeOf } from '@/features/admin/errors';
import { formatInZone } from '@/lib/format';
import { Badge, Facts, Section } from '@/features/admin/frame';
import { FullId } from '@/features/admin/full-id';
import { categoryLabel } from './issue-category';
import { IssuePhoto } from './issue-photo';
import { useTranslation } from '@/i18n';
import { newIdempotencyKey } from '@/lib/idempotency';

type State = AdminIssue['state'];

/** The moves an operator may make from each state (internal/backoffice issueMoves). */
const moves: Record<State, State[]> = {
  open: ['in_progress', 'resolved'],
  in_progress: ['resolved', 'open'],
  resolved: ['open'],
};

const linkClass = 'text-primary underline-offset-4 hover:underline';

/** IssueDetail is one issue: what and where, its notes, and the moves open → in progress → resolved, each with a note. */
export function IssueDetail({ issueUuid }: { issueUuid: string }) {
  const { t, i18n } = useTranslation('admin');
  const lng = i18n.language;
  const { may } = useAdminAccess();
  const { data, isPending, isError, error, refetch } = useQuery(issueQuery(issueUuid));
  const update = useUpdateIssue();
  // null: closed; '': a note without a move; else the state to move to.
  const [asking, setAskingState] = useState<State | '' | null>(null);
  // One key per opened form: a double-click or a retry adds the note once.
  const [requestKey, setRequestKey] = useState('');
  const [internal, setInternal] = useState(false);
  const setAsking = (next: State | '' | null) => {
    if (next !== null) {
      setRequestKey(newIdempotencyKey());
      setInternal(false);
    }
    setAskingState(next);
  };
  if (isPending) return <LoadingState />;
  if (isError) {
    // The catalogue has no ISSUE_NOT_FOUND: an unknown issue is BAD_INPUT.
    if (appCodeOf(error) === 'BAD_INPUT')
      return <NotFoundState message={t('issues.notFound')} back={{ to: '/admin/issues', label: t('issues.back') }} />;
    return <ErrorState onRetry={() => void refetch()} />;
  }
  const i = data.issue;
  const noteColumns: Column<AdminIssueNote>[] = [
    {
      id: 'note',
      header: t('issues.note'),
      primary: true,
      wrap: true,
      cell: (n) => (
        <span data-internal-note={n.internal}>
          {n.note}{' '}
          {data.issue.kind === 'user_report' && (
            <Badge tone={n.internal ? 'warn' : 'neutral'}>{n.internal ? t('effects.internalBadge') : t('effects.customerBadge')}</Badge>
          )}
        </span>
      ),
    },
    {
      id: 'move',
      header: t('issues.move'),
      cell: (n) => (n.fromState === n.toState ? '—' : `${t(`issues.states.${n.fromState as State}`)} → ${t(`issues.states.${n.toState as State}`)}`),
    },
    { id: 'who', header: t('audit.actor'), cell: (n) => n.authorEmail || '—' },
    { id: 'when', header: t('events.when'), cell: (n) => formatInZone(n.createdAt, lng, data.issue.timeZone) },
  ];
  const moveLabel = (to: State) => t(`issues.to.${to}`);
  return (
    <>
      <BackLink to="/admin/issues" label={t('issues.back')} />
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-semibold">
          {t(`issues.kinds.${i.kind}`)}
          {i.category ? ` · ${categoryLabel(i.category, t)}` : ''}
        </h2>
        <Badge tone={issueTone(i.state)}>
          <span data-issue-state={i.state}>{t(`issues.states.${i.state}`)}</span>
        </Badge>
      </div>
      <Facts
        items={[
          [t('issues.where'), i.stationUuid ? <Link to={`/admin/stations?station=${i.stationUuid}`} className={linkClass}>{[i.stationName, i.label].filter(Boolean).join(' · ')}</Link> : '—'],
          [t('orders.order'), i.orderUuid ? <Link to={`/admin/orders?order=${i.orderUuid}`} className={linkClass}><FullId id={i.orderUuid} /></Link> : '—'],
          [t('orders.user'), i.userUuid ? <Link to={`/admin/users?user=${i.userUuid}`} className={linkClass}>{i.userEmail || <FullId id={i.userUuid} />}</Link> : t('issues.system')],
          [t('issues.text'), i.text || '—'],
          [t('issues.photo'), i.photoRef ? <IssuePhoto photoRef={i.photoRef} /> : '—'],
          [t('common.created'), formatInZone(i.createdAt, lng, i.timeZone)],
          [t('issues.updated'), formatInZone(i.updatedAt, lng, i.timeZone)],
        ]}
      />
      {may('runStations') && (
        <Section title={t('users.actions')}>
          <div className="flex flex-wrap gap-2">
            {moves[i.state].map((to) => (
              <Button key={to} variant={to === 'resolved' ? 'default' : 'outline'} onClick={() => setAsking(to)}>
                {moveLabel(to)}
              </Button>
            ))}
            <Button variant="ghost" onClick={() => setAsking('')}>
              {t('issues.addNote')}
            </Button>
          </div>
        </Section>
      )}
      <Section title={t('issues.notes')}>
        {i.kind === 'user_report' && <p className="text-sm text-muted-foreground">{t('issues.answerHint')}</p>}
        {data.notes.length ? <DataList label={t('issues.notes')} rows={data.notes} columns={noteColumns} rowKey={(n) => n.uuid} /> : <EmptyState message={t('issues.noNotes')} />}
      </Section>
      <ConfirmNoteDialog
        open={asking !== null}
        onClose={() => {
          setAsking(null);
          update.reset();
        }}
        title={asking ? moveLabel(asking) : t('issues.addNote')}
        description={asking ? t('issues.moveBody', { from: t(`issues.states.${i.state}`), to: t(`issues.states.${asking}`) }) : undefined}
        confirmLabel={asking ? moveLabel(asking) : t('issues.addNote')}
        pending={update.isPending}
        error={update.error ? adminErrorText(update.error, t) : null}
        onConfirm={(note) =>
          update.mutate(
            { issueUuid, state: asking || undefined, note, internal: i.kind === 'user_report' ? internal : undefined, requestUuid: requestKey },
            { onSuccess: () => setAskingState(null) },
          )
        }
      >
        {i.kind === 'user_report' && (
          <div className="grid gap-1">
            <Checkbox id="issue-note-internal" label={t('effects.internal')} checked={internal} onChange={(e) => setInternal(e.target.checked)} />
            <p className="text-sm text-muted-foreground">{internal ? t('effects.internalHint') : t('effects.customerHint')}</p>
          </div>
        )}
      </ConfirmNoteDialog>
    </>
  );
}
