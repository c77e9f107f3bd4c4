import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Field, FormAlert } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { findUserByEmail, ordersList } from '@/features/admin/api';
import { CsvButton } from '@/features/admin/csv-button';
import { orderColumns, statusText } from '@/features/admin/columns';
import { LoadedSortList } from '@/features/admin/page-sort';
import { FilterBar } from '@/features/admin/filter-bar';
import { dayEnd, dayStart } from '@/lib/format';
import { AdminFrame } from '@/features/admin/frame';
import { KeyPaged } from '@/features/admin/key-pager';
import { useKeyPaged } from '@/features/admin/use-key-paged';
import { useTranslation } from '@/i18n';
import { OrderDetail } from './order-detail';
import { StationSelect } from './station-select';

/** The statuses an operator filters by (internal/order's Status values). */
const orderStatuses = ['reserved', 'unfinished', 'unpaid', 'processing', 'booked', 'active', 'extended', 'expired', 'finalized', 'cancelled', 'refunded', 'failed', 'deleted'] as const;

/** /admin/orders — every order, filtered by status, station, dates and person; ?order= opens one. */
export default function AdminOrdersPage() {
  const [params] = useSearchParams();
  const orderUuid = params.get('order');
  return <AdminFrame page="adminOrders">{orderUuid ? <OrderDetail orderUuid={orderUuid} /> : <OrderList />}</AdminFrame>;
}

function OrderList() {
  const { t, i18n } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const applied = {
    q: params.get('q') ?? '',
    status: params.get('status') ?? '',
    station: params.get('station') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    user: params.get('user') ?? '',
    email: params.get('email') ?? '',
  };
  const [form, setForm] = useState(applied);
  const [userMissing, setUserMissing] = useState(false);
  const set = (k: keyof typeof form) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  const paged = useKeyPaged(
    ordersList({ query: applied.q, status: applied.status, stationUuid: applied.station, userUuid: applied.user, from: dayStart(applied.from), to: dayEnd(applied.to) }),
  );
  const apply = async () => {
    setUserMissing(false);
    let user = '';
    if (form.email.trim()) {
      // The same person as before keeps their id without another look-up.
      const found = form.email.trim() === applied.email && applied.user ? { uuid: applied.user } : await findUserByEmail(form.email);
      if (!found) {
        setUserMissing(true);
        return;
      }
      user = found.uuid;
    }
    const next = { ...form, q: form.q.trim(), email: form.email.trim(), user };
    setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v)));
  };
  return (
    <>
      <FilterBar
        onApply={() => void apply()}
        onClear={() => {
          setForm({ q: '', status: '', station: '', from: '', to: '', user: '', email: '' });
          setParams({});
        }}
      >
        <Field label={t('orders.search')} hint={t('orders.searchHint')}>
          {(control) => <Input {...control} value={form.q} onChange={(e) => set('q')(e.target.value)} />}
        </Field>
        <Field label={t('filter.status')}>
          {(control) => (
            <Select {...control} value={form.status} onChange={(e) => set('status')(e.target.value)}>
              <option value="">{t('filter.anyStatus')}</option>
              {orderStatuses.map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <StationSelect value={form.station} onChange={set('station')} />
        <Field label={t('filter.from')}>{(control) => <Input {...control} type="date" value={form.from} onChange={(e) => set('from')(e.target.value)} />}</Field>
        <Field label={t('filter.to')}>{(control) => <Input {...control} type="date" value={form.to} onChange={(e) => set('to')(e.target.value)} />}</Field>
        <Field label={t('filter.userEmail')}>
          {(control) => <Input {...control} type="email" value={form.email} onChange={(e) => set('email')(e.target.value)} />}
        </Field>
      </FilterBar>
      {userMissing && <FormAlert>{t('filter.noSuchUser')}</FormAlert>}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">{t('orders.createdHint')}</p>
        <CsvButton
          kind="orders"
          filter={{ query: applied.q, status: applied.status, stationUuid: applied.station, userUuid: applied.user, from: dayStart(applied.from), to: dayEnd(applied.to) }}
        />
      </div>
      <KeyPaged paged={paged} empty={t('orders.none')}>
        {(items) => (
          <LoadedSortList
            label={t('orders.list')}
            rows={items}
            columns={orderColumns(t, i18n.language)}
            keys={{ order: (o) => o.start, status: (o) => statusText(t, o.status), user: (o) => o.userEmail, end: (o) => o.end, paid: (o) => o.paidCents, created: (o) => o.createdAt }}
            rowKey={(o) => o.uuid}
            rowAttr={(o) => ({ 'data-order': o.uuid })}
          />
        )}
      </KeyPaged>
    </>
  );
}
