import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AdminLive } from '@/api/generated/app-router';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { useAdminAccess } from '@/features/admin/access';
import { liveList, useFreeHold } from '@/features/admin/api';
import { ConfirmNoteDialog } from '@/features/admin/confirm-note-dialog';
import { DataList, type Column } from '@/features/admin/data-list';
import { adminErrorText } from '@/features/admin/errors';
import { FilterBar } from '@/features/admin/filter-bar';
import { durationText } from '@/features/admin/duration';
import { formatInZone, splitSeconds } from '@/features/admin/format';
import { AdminFrame, Badge } from '@/features/admin/frame';
import { FullId } from '@/features/admin/full-id';
import { KeyPaged } from '@/features/admin/key-pager';
import { useKeyPaged } from '@/features/admin/use-key-paged';
import { useTranslation } from '@/i18n';
import { StationSelect } from './station-select';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** /admin/reserved — live holds and running rentals with the time they have left; a stuck hold can be freed. */
export default function AdminReservedPage() {
  const { t, i18n } = useTranslation('admin');
  const lng = i18n.language;
  const { may } = useAdminAccess();
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('kind');
  const kind = kindParam === 'hold' || kindParam === 'rental' ? kindParam : undefined;
  const station = params.get('station') ?? '';
  const [form, setForm] = useState({ kind: kind ?? '', station });
  const paged = useKeyPaged(liveList({ kind, stationUuid: station }));
  const [freeing, setFreeing] = useState<AdminLive | null>(null);
  const free = useFreeHold();

  const left = (secs: number) => {
    const { days, hours, minutes } = splitSeconds(secs);
    // Two units at most: a day's minutes say nothing.
    if (days) return durationText(t, { days, hours });
    if (hours) return durationText(t, { hours, minutes });
    return durationText(t, { minutes });
  };
  const columns: Column<AdminLive>[] = [
    {
      id: 'order',
      header: t('orders.order'),
      primary: true,
      cell: (r) => (
        <Link to={`/admin/orders?order=${r.order.uuid}`} className={linkClass}>
          {r.order.stationName} · {formatInZone(r.order.start, lng, r.order.timeZone)}
        </Link>
      ),
    },
    { id: 'kind', header: t('reserved.kind'), cell: (r) => <Badge tone={r.kind === 'hold' ? 'warn' : 'good'}>{t(`reserved.kinds.${r.kind}`)}</Badge> },
    {
      id: 'user',
      header: t('orders.user'),
      cell: (r) => (
        <Link to={`/admin/users?user=${r.order.userUuid}`} className={linkClass}>
          {r.order.userEmail || <FullId id={r.order.userUuid} />}
        </Link>
      ),
    },
    { id: 'until', header: t('reserved.until'), cell: (r) => formatInZone(r.kind === 'hold' ? r.order.reservedUntil : r.order.end, lng, r.order.timeZone) },
    { id: 'left', header: t('reserved.left'), cell: (r) => <span className={r.leftSecs <= 0 ? 'font-medium text-destructive' : undefined}>{left(r.leftSecs)}</span> },
    ...(may('runOrders')
      ? [
          {
            id: 'act',
            header: t('common.actions'),
            end: true,
            cell: (r: AdminLive) =>
              r.kind === 'hold' ? (
                <Button size="sm" variant="outline" onClick={() => setFreeing(r)}>
                  {t('reserved.free')}
                </Button>
              ) : (
                '—'
              ),
          },
        ]
      : []),
  ];

  return (
    <AdminFrame page="adminReserved">
      <FilterBar
        onApply={() => setParams(Object.fromEntries(Object.entries(form).filter(([, v]) => v)))}
        onClear={() => {
          setForm({ kind: '', station: '' });
          setParams({});
        }}
      >
        <Field label={t('reserved.kind')}>
          {(control) => (
            <Select {...control} value={form.kind} onChange={(e) => setForm((f) => ({ ...f, kind: e.target.value }))}>
              <option value="">{t('reserved.kinds.any')}</option>
              <option value="hold">{t('reserved.kinds.hold')}</option>
              <option value="rental">{t('reserved.kinds.rental')}</option>
            </Select>
          )}
        </Field>
        <StationSelect value={form.station} onChange={(v) => setForm((f) => ({ ...f, station: v }))} />
      </FilterBar>
      <KeyPaged paged={paged} empty={t('reserved.none')}>
        {(items) => <DataList label={t('reserved.list')} rows={items} columns={columns} rowKey={(r) => r.order.uuid} rowAttr={(r) => ({ 'data-live': r.order.uuid })} />}
      </KeyPaged>
      <ConfirmNoteDialog
        open={!!freeing}
        onClose={() => {
          setFreeing(null);
          free.reset();
        }}
        title={t('reserved.freeTitle')}
        description={freeing ? t('reserved.freeBody', { email: freeing.order.userEmail, station: freeing.order.stationName }) : undefined}
        confirmLabel={t('reserved.free')}
        destructive
        pending={free.isPending}
        error={free.error ? adminErrorText(free.error, t) : null}
        onConfirm={(note) => freeing && free.mutate({ orderUuid: freeing.order.uuid, note }, { onSuccess: () => setFreeing(null) })}
      />
    </AdminFrame>
  );
}
