import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AdminIssue, AdminIssueListInput } from '@/api/generated/app-router';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { issuesList } from '@/features/admin/api';
import { issueTone } from '@/features/admin/columns';
import { type Column } from '@/features/admin/data-list';
import { LoadedSortList } from '@/features/admin/page-sort';
import { FilterBar } from '@/features/admin/filter-bar';
import { formatInZone } from '@/lib/format';
import { AdminFrame, Badge } from '@/features/admin/frame';
import { KeyPaged } from '@/features/admin/key-pager';
import { useKeyPaged } from '@/features/admin/use-key-paged';
import { useTranslation } from '@/i18n';
import { IssueDetail } from './issue-detail';
import { categoryLabel } from './issue-category';
import { StationSelect } from './station-select';

type State = NonNullable<AdminIssueListInput['state']>;
type Kind = NonNullable<AdminIssueListInput['kind']>;
const states: State[] = ['open', 'in_progress', 'resolved'];
const kinds: Kind[] = ['door_did_not_open', 'door_left_open', 'temperature_out_of_range', 'station_offline', 'unexpected_door_opening', 'user_report'];

/** /admin/issues — problems raised by the system or reported by users, worked open → in progress → resolved; ?issue= opens one. */
export default function AdminIssuesPage() {
  const [params] = useSearchParams();
  const issueUuid = params.get('issue');
  return <AdminFrame page="adminIssues">{issueUuid ? <IssueDetail issueUuid={issueUuid} /> : <IssueList />}</AdminFrame>;
}

function IssueList() {
  const { t, i18n } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  // Open issues first: what needs doing. "all" shows every state.
  const stateParam = params.get('state') ?? 'open';
  const state = states.includes(stateParam as State) ? (stateParam as State) : undefined;
  const kindParam = params.get('kind') ?? '';
  const kind = kinds.includes(kindParam as Kind) ? (kindParam as Kind) : undefined;
  const station = params.get('station') ?? '';
  const [form, setForm] = useState({ state: stateParam, kind: kindParam, station });
  const paged = useKeyPaged(issuesList({ state, kind, stationUuid: station }));
  const columns: Column<AdminIssue>[] = [
    {
      id: 'kind',
      header: t('issues.kind'),
      primary: true,
      cell: (i) => (
        <Link to={`/admin/issues?issue=${i.uuid}`} className="font-medium text-primary underline-offset-4 hover:underline">
          {t(`issues.kinds.${i.kind}`)}
          {i.category ? ` · ${categoryLabel(i.category, t)}` : ''}
        </Link>
      ),
    },
    { id: 'state', header: t('issues.state'), cell: (i) => <Badge tone={issueTone(i.state)}>{t(`issues.states.${i.state}`)}</Badge> },
    { id: 'where', header: t('issues.where'), cell: (i) => [i.stationName, i.label].filter(Boolean).join(' · ') || '—' },
    { id: 'text', header: t('issues.text'), wrap: true, cell: (i) => <span className="line-clamp-2">{i.text || '—'}</span> },
    { id: 'created', header: t('common.created'), cell: (i) => formatInZone(i.createdAt, i18n.language, i.timeZone) },
  ];
  return (
    <>
      <FilterBar
        onApply={() => setParams(Object.fromEntries(Object.entries(form).filter(([, v]) => v)))}
        onClear={() => {
          setForm({ state: 'all', kind: '', station: '' });
          setParams({ state: 'all' });
        }}
      >
        <Field label={t('issues.state')}>
          {(control) => (
            <Select {...control} value={form.state} onChange={(e) => setForm((f) => ({ ...f, state: e.target.value }))}>
              <option value="all">{t('issues.states.all')}</option>
              {states.map((s) => (
                <option key={s} value={s}>
                  {t(`issues.states.${s}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('issues.kind')}>
          {(control) => (
            <Select {...control} value={form.kind} onChange={(e) => setForm((f) => ({ ...f, kind: e.target.value }))}>
              <option value="">{t('issues.kinds.any')}</option>
              {kinds.map((k) => (
                <option key={k} value={k}>
                  {t(`issues.kinds.${k}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <StationSelect value={form.station} onChange={(v) => setForm((f) => ({ ...f, station: v }))} />
      </FilterBar>
      <KeyPaged paged={paged} empty={state === 'open' ? t('issues.noneOpen') : t('issues.none')}>
        {(items) => (
          <LoadedSortList
            label={t('issues.list')}
            rows={items}
            columns={columns}
            keys={{ kind: (i) => t(`issues.kinds.${i.kind}`), state: (i) => t(`issues.states.${i.state}`), where: (i) => [i.stationName, i.label].filter(Boolean).join(' · '), created: (i) => i.createdAt }}
            rowKey={(i) => i.uuid}
            rowAttr={(i) => ({ 'data-issue': i.uuid })}
          />
        )}
      </KeyPaged>
    </>
  );
}
