import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminOrderLocker, AdminPriceLine, AdminRefund } from '@/api/generated/app-router';
import { BackLink } from '@/components/back-link';
import { EmptyState, ErrorState, LoadingState, NotFoundState } from '@/components/page-states';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { useAdminAccess } from '@/features/admin/access';
import { auditList, orderQuery, useDeleteOrder, useExtendOrder, useRefundOrder } from '@/features/admin/api';
import { auditColumns, invoiceColumns, paymentColumns, statusText, statusTone } from '@/features/admin/columns';
import { doorCommandColumns } from '@/features/admin/activity-columns';
import { ConfirmNoteDialog } from '@/features/admin/confirm-note-dialog';
import { DataList, type Column } from '@/features/admin/data-list';
import { adminErrorText, appCodeOf } from '@/features/admin/errors';
import { startedHours } from '@/features/admin/duration';
import { formatCharged, formatDuration, formatInZone, formatMoney } from '@/lib/format';
import { Badge, Facts, Section } from '@/features/admin/frame';
import { FullId } from '@/features/admin/full-id';
import { KeyPaged } from '@/features/admin/key-pager';
import { useKeyPaged } from '@/features/admin/use-key-paged';
import { addDays, fromLocal, joinLocal, localClock, localDate, toLocal } from '@/features/booking/time';
import { useTranslation } from '@/i18n';
import { newIdempotencyKey } from '@/lib/idempotency';

/** The statuses in which an order waits for its payment within its hold. */
const holding = new Set(['reserved', 'unpaid', 'unfinished', 'processing']);

type Asking = null | 'refund' | 'delete' | { extend: AdminOrderLocker };

/**
 * dayLater is the datetime-local field's first value for an extension: the same wall-clock time a day
 * after the compartment's end, on the station's clock (the back office shows no time on the operator's
 * own), so that it stays the same clock time across a DST change.
 */
function dayLater(iso: string, timeZone: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const local = toLocal(d, timeZone);
  return joinLocal(addDays(localDate(local), 1), localClock(local));
}

/** OrderDetail is one order's page: its facts, price lines, lockers, payments, refunds, invoices, door commands and history, and the operator's actions. */
export function OrderDetail({ orderUuid }: { orderUuid: string }) {
  const { t, i18n } = useTranslation('admin');
  const lng = i18n.language;
  const { may } = useAdminAccess();
  const { data, isPending, isError, error, refetch } = useQuery(orderQuery(orderUuid));
  const history = useKeyPaged(auditList({ targetType: 'order', targetId: orderUuid }));
  const [asking, setAsking] = useState<Asking>(null);
  const [newEnd, setNewEnd] = useState('');
  // A goodwill extension is free for the customer; otherwise they pay it within the hold.
  const [goodwill, setGoodwill] = useState(true);
  // The refund's amount in euros as typed ('' until the dialog opens with the whole amount).
  const [amount, setAmount] = useState('');
  const [amountBad, setAmountBad] = useState(false);
  // One key per refund the operator means: a double-click or a retry of it refunds once; another amount is another refund.
  const [refundKey, setRefundKey] = useState('');
  const refund = useRefundOrder();
  const remove = useDeleteOrder();
  const extend = useExtendOrder();
  const back = <BackLink to="/admin/orders" label={t('orders.back')} />;

  if (isPending) return <LoadingState />;
  if (isError) {
    if (appCodeOf(error) === 'ORDER_NOT_FOUND') return <NotFoundState message={t('orders.notFound')} back={{ to: '/admin/orders', label: t('orders.back') }} />;
    return <ErrorState onRetry={() => void refetch()} />;
  }
  const o = data.order;
  const mutation = asking === 'refund' ? refund : asking === 'delete' ? remove : extend;
  const close = () => {
    setAsking(null);
    mutation.reset();
  };
  const run = (note: string) => {
    const done = { onSuccess: () => setAsking(null) };
    if (asking === 'refund') {
      const cents = Math.round(Number(amount.replace(',', '.')) * 100);
      if (!Number.isFinite(cents) || cents <= 0 || cents > refundable) return setAmountBad(true);
      // The whole remaining amount goes without amountCents: the server then refunds what is left.
      refund.mutate({ orderUuid, note, amountCents: cents === refundable ? undefined : cents, requestUuid: refundKey }, done);
    }
    // Refused on confirm (the order changed since the page loaded): the dialog says why and the page reloads the order's actions.
    else if (asking === 'delete') remove.mutate({ orderUuid, note }, { ...done, onError: () => void refetch() });
    else if (asking) {
      const end = fromLocal(newEnd, o.timeZone);
      if (!end) return;
      extend.mutate({ orderUuid, orderLockerUuid: asking.extend.uuid, end: end.toISOString().replace('.000Z', 'Z'), note, goodwill }, done);
    }
  };
  // paidCents is what the order still holds (refunds already taken off).
  const refundable = o.paidCents;
  // What the orders domain would accept now; the server checks again on confirm.
  const actions = data.actions;

  const lineColumns: Column<AdminPriceLine>[] = [
    { id: 'kind', header: t('orders.line'), primary: true, cell: (l) => t(`orders.lineKinds.${l.kind}`) },
    { id: 'qty', header: t('orders.quantity'), cell: (l) => l.quantity },
    {
      id: 'time',
      header: t('orders.duration'),
      // An extension's days and hours are the rental's new total its price is taken from; the line shows the time it adds.
      cell: (l) => {
        if (l.kind === 'coupon' || l.kind === 'goodwill') return '—';
        const own = l.kind === 'extension' ? startedHours(l.from, l.to) : null;
        return own ? formatDuration((own.days * 24 + own.hours) * 60, lng) : formatCharged(l.days, l.hours, lng);
      },
    },
    { id: 'vat', header: t('orders.vat'), end: true, cell: (l) => formatMoney(l.vatCents, lng) },
    { id: 'amount', header: t('payments.amount'), end: true, cell: (l) => formatMoney(l.amountCents, lng) },
  ];
  const lockerColumns: Column<AdminOrderLocker>[] = [
    { id: 'label', header: t('orders.locker'), primary: true, cell: (l) => l.label || <FullId id={l.lockerUuid} /> },
    {
      id: 'status',
      header: t('orders.status'),
      // A compartment the order let go (deleted, cancelled, refunded) is free again, whatever its last code step.
      cell: (l) => (l.live ? <Badge tone={statusTone(l.status)}>{statusText(t, l.status)}</Badge> : <Badge>{t('effects.released')}</Badge>),
    },
    { id: 'start', header: t('orders.start'), cell: (l) => formatInZone(l.start, lng, o.timeZone) },
    { id: 'end', header: t('orders.end'), cell: (l) => formatInZone(l.end, lng, o.timeZone) },
    ...(may('runOrders')
      ? [
          {
            id: 'act',
            header: t('common.actions'),
            end: true,
            cell: (l: AdminOrderLocker) =>
              l.live ? (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    setNewEnd(dayLater(l.end, o.timeZone));
                    setGoodwill(true);
                    setAsking({ extend: l });
                  }}
                >
                  {t('orders.extend')}
                </Button>
              ) : (
                '—'
              ),
          },
        ]
      : []),
  ];
  const refundColumns: Column<AdminRefund>[] = [
    { id: 'amount', header: t('payments.amount'), primary: true, cell: (r) => formatMoney(r.amountCents, lng) },
    { id: 'state', header: t('payments.state'), cell: (r) => <Badge tone={statusTone(r.state)}>{statusText(t, r.state)}</Badge> },
    // The operator's note says why; a customer's own cancel or a returned surplus has none, and its kind says it.
    { id: 'reason', header: t('orders.reason'), wrap: true, cell: (r) => <span data-refund-reason>{r.note || t(`orders.refundReasons.${r.reason}`)}</span> },
    { id: 'when', header: t('orders.refundedAt'), cell: (r) => formatInZone(r.refundedAt || r.createdAt, lng, data.order.timeZone) },
  ];
  const list = <T,>(title: string, rows: T[], columns: Column<T>[], key: (r: T) => string, empty: string) => (
    <Section title={title}>{rows.length ? <DataList label={title} rows={rows} columns={columns} rowKey={key} /> : <EmptyState message={empty} />}</Section>
  );
  const dialog =
    asking === 'refund'
      ? { title: t('orders.refundTitle'), body: `${t('orders.refundBody')} ${t('effects.refundEnds')}`, confirm: t('orders.refund'), destructive: true }
      : asking === 'delete'
        ? { title: t('orders.deleteTitle'), body: `${t('orders.deleteBody')} ${t('effects.deleteEffect')}`, confirm: t('orders.delete'), destructive: true }
        : asking
          ? { title: t('orders.extendTitle', { locker: asking.extend.label }), body: goodwill ? t('orders.extendBodyGoodwill') : t('orders.extendBody'), confirm: t('orders.extend'), destructive: false }
          : null;

  return (
    <>
      {back}
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-semibold">
          {o.stationName} · {formatInZone(o.start, lng, o.timeZone)}
        </h2>
        <Badge tone={statusTone(o.status)}>
          <span data-order-status={o.status}>{statusText(t, o.status)}</span>
        </Badge>
      </div>
      <Facts
        items={[
          [t('orders.user'), o.userUuid ? <Link to={`/admin/users?user=${o.userUuid}`} className="text-primary underline-offset-4 hover:underline">{o.userEmail || o.userUuid}</Link> : '—'],
          [t('orders.locker'), `${t(`orders.heights.${o.height === 'big' ? 'big' : 'small'}`)} · ${t(`stations.temperatures.${o.temperature as 'cool' | 'neutral' | 'warm'}`)}`],
          [t('orders.start'), formatInZone(o.start, lng, o.timeZone)],
          [t('orders.end'), formatInZone(o.end, lng, o.timeZone)],
          // A pending extension clears the order's payment state (its own payment is pending); the rental stays paid.
          [t('orders.paymentState'), o.paymentState ? statusText(t, o.paymentState) : o.paidCents > 0 ? statusText(t, 'paid') : '—'],
          [t('orders.paid'), formatMoney(o.paidCents, lng)],
          [t('orders.refunded'), formatMoney(o.refundedCents, lng)],
          // The hold matters only while the order waits for its payment; after it, "Held until" a past time misleads.
          ...(holding.has(o.status) ? [[t('orders.reservedUntil'), formatInZone(o.reservedUntil, lng, o.timeZone)] as [string, string]] : []),
          [t('common.created'), formatInZone(o.createdAt, lng, o.timeZone)],
          ['ID', <code key="id" className="text-xs break-all">{o.uuid}</code>],
        ]}
      />
      {may('runOrders') && o.status !== 'deleted' && (
        <Section title={t('users.actions')}>
          <div className="flex flex-wrap items-center gap-2">
            {actions.refund === '' && (
              <Button
                variant="outline"
                onClick={() => {
                  setAmount((refundable / 100).toFixed(2));
                  setAmountBad(false);
                  setRefundKey(newIdempotencyKey());
                  setAsking('refund');
                }}
              >
                {t('orders.refund')}
              </Button>
            )}
            {/* Offered only when the orders domain would accept it; otherwise disabled, with its reason beside it. */}
            <Button variant="destructive" disabled={actions.delete !== ''} aria-describedby={actions.delete ? 'delete-refusal' : undefined} onClick={() => setAsking('delete')}>
              {t('orders.delete')}
            </Button>
            {actions.delete !== '' && (
              <p id="delete-refusal" data-refusal={actions.delete} className="min-w-0 text-sm break-words text-muted-foreground">
                {t(`orders.refusals.${actions.delete}`)}
              </p>
            )}
          </div>
        </Section>
      )}
      {data.pendingExtension && (
        <Notice tone="warning">
          <span data-pending-extension={data.pendingExtension.orderLockerUuid}>
            {new Date(data.pendingExtension.lapsesAt) > new Date()
              ? t('effects.pendingBody', {
                  amount: formatMoney(data.pendingExtension.amountCents, lng),
                  end: formatInZone(data.pendingExtension.newEnd, lng, data.order.timeZone),
                  lapses: formatInZone(data.pendingExtension.lapsesAt, lng, data.order.timeZone),
                  old: formatInZone(data.pendingExtension.oldEnd, lng, data.order.timeZone),
                })
              : t('effects.pendingLapsed', { end: formatInZone(data.pendingExtension.newEnd, lng, data.order.timeZone), old: formatInZone(data.pendingExtension.oldEnd, lng, data.order.timeZone) })}
          </span>
        </Notice>
      )}
      {list(t('orders.lines'), data.lines, lineColumns, (l) => `${l.kind}-${l.quantity}-${l.amountCents}-${l.days}-${l.hours}`, t('orders.noLines'))}
      {list(t('orders.lockers'), data.lockers, lockerColumns, (l) => l.uuid, t('orders.noLockers'))}
      {list(t('users.payments'), data.payments, paymentColumns(t, lng), (p) => p.uuid, t('users.noPayments'))}
      {list(t('orders.refunds'), data.refunds, refundColumns, (r) => r.uuid, t('orders.noRefunds'))}
      {list(t('orders.invoices'), data.invoices, invoiceColumns(t, lng), (i) => i.uuid, t('orders.noInvoices'))}
      {list(t('activity.doors'), data.doors, doorCommandColumns(t, lng), (d) => d.uuid, t('activity.noDoors'))}
      <Section title={t('orders.history')}>
        <KeyPaged paged={history} empty={t('orders.noHistory')}>
          {(items) => <DataList label={t('orders.history')} rows={items} columns={auditColumns(t, lng, o.timeZone)} rowKey={(a) => a.uuid} />}
        </KeyPaged>
      </Section>
      {dialog && (
        <ConfirmNoteDialog
          open
          onClose={close}
          title={dialog.title}
          description={dialog.body}
          confirmLabel={dialog.confirm}
          destructive={dialog.destructive}
          pending={mutation.isPending}
          error={mutation.error ? adminErrorText(mutation.error, t) : null}
          onConfirm={run}
        >
          {asking === 'refund' && (
            <Field label={t('orders.refundAmount')} hint={t('orders.refundAmountHint', { amount: formatMoney(refundable, lng) })} error={amountBad ? t('orders.refundAmountBad') : undefined}>
              {(control) => (
                <Input
                  {...control}
                  inputMode="decimal"
                  value={amount}
                  onChange={(e) => {
                    setAmount(e.target.value);
                    setRefundKey(newIdempotencyKey());
                    setAmountBad(false);
                  }}
                />
              )}
            </Field>
          )}
          {typeof asking === 'object' && asking && (
            <Field label={t('orders.newEnd', { zone: o.timeZone })}>{(control) => <Input {...control} type="datetime-local" value={newEnd} onChange={(e) => setNewEnd(e.target.value)} />}</Field>
          )}
          {typeof asking === 'object' && asking && (
            <div className="grid gap-1">
              <Checkbox id="extend-goodwill" label={t('effects.goodwill')} checked={goodwill} onChange={(e) => setGoodwill(e.target.checked)} />
              <p className="text-sm text-muted-foreground">{goodwill ? t('effects.goodwillHint') : t('effects.paidHint')}</p>
            </div>
          )}
        </ConfirmNoteDialog>
      )}
    </>
  );
}
