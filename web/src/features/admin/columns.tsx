// The columns of the rows several screens list: orders (users, orders, reserved),
// payments and invoices (a user, an order), events and audit entries (a user, the event log).
import type { AdminAudit, AdminEvent, AdminInvoice, AdminOrder, AdminPayment } from '@/api/generated/app-router';
import { Link } from 'react-router';
import type { TFunction } from '@/i18n';
import type { Column } from './data-list';
import { auditChangeLines, auditSentence } from './audit-sentence';
import { formatInZone, formatMoney, formatWhen, productZone } from '@/lib/format';
import { Badge } from './frame';
import { FullId } from './full-id';
import { InvoicePdfButton } from './invoice-pdf-button';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

const good = new Set(['booked', 'active', 'extended', 'finalized', 'paid', 'kept', 'succeeded']);
const bad = new Set(['failed', 'deleted', 'cancelled', 'unfinished']);

/** statusTone colours a state: going well, gone wrong, or neither. */
export function statusTone(status: string): 'good' | 'bad' | 'neutral' {
  return good.has(status) ? 'good' : bad.has(status) ? 'bad' : 'neutral';
}

/** issueTone colours an issue's state: open is a warning, resolved is done. */
export function issueTone(state: 'open' | 'in_progress' | 'resolved'): 'warn' | 'neutral' | 'good' {
  return state === 'open' ? 'warn' : state === 'resolved' ? 'good' : 'neutral';
}

/** statusText is a status's translated name, the raw code for one the screen does not know. */
export function statusText(t: TFunction<'admin'>, status: string): string {
  const key = `status.${status}` as const;
  const text = t(key as 'status.reserved');
  return text === key ? status : text;
}

/** orderColumns lists orders; withUser false on one person's page, where the user column would repeat them. */
export function orderColumns(t: TFunction<'admin'>, lng: string, withUser = true): Column<AdminOrder>[] {
  const columns: Column<AdminOrder>[] = [
    {
      id: 'order',
      header: t('orders.order'),
      primary: true,
      cell: (o) => (
        <Link to={`/admin/orders?order=${o.uuid}`} className={linkClass}>
          {o.stationName} · {formatInZone(o.start, lng, o.timeZone)}
        </Link>
      ),
    },
    { id: 'status', header: t('orders.status'), cell: (o) => <Badge tone={statusTone(o.status)}>{statusText(t, o.status)}</Badge> },
    {
      id: 'user',
      header: t('orders.user'),
      cell: (o) =>
        o.userUuid ? (
          <Link to={`/admin/users?user=${o.userUuid}`} className={linkClass}>
            {o.userEmail || o.userUuid}
          </Link>
        ) : (
          '—'
        ),
    },
    { id: 'end', header: t('orders.end'), cell: (o) => formatInZone(o.end, lng, o.timeZone) },
    { id: 'paid', header: t('orders.paid'), end: true, cell: (o) => formatMoney(o.paidCents, lng) },
    { id: 'created', header: t('common.created'), cell: (o) => formatInZone(o.createdAt, lng, o.timeZone) },
  ];
  return withUser ? columns : columns.filter((c) => c.id !== 'user');
}

export function paymentColumns(t: TFunction<'admin'>, lng: string): Column<AdminPayment>[] {
  return [
    { id: 'amount', header: t('payments.amount'), primary: true, cell: (p) => formatMoney(p.amountCents, lng) },
    { id: 'state', header: t('payments.state'), cell: (p) => <Badge tone={statusTone(p.state)}>{statusText(t, p.state)}</Badge> },
    { id: 'kind', header: t('payments.kind'), cell: (p) => t(`payments.kinds.${p.kind}`) },
    {
      id: 'order',
      header: t('orders.order'),
      cell: (p) => (
        <Link to={`/admin/orders?order=${p.orderUuid}`} className={linkClass}>
          <FullId id={p.orderUuid} />
        </Link>
      ),
    },
    { id: 'paid', header: t('payments.paidAt'), cell: (p) => formatWhen(p.paidAt, lng) },
    { id: 'created', header: t('common.created'), cell: (p) => formatWhen(p.createdAt, lng) },
  ];
}

/**
 * invoiceColumns lists invoices and credit notes with a PDF button each; on a user's
 * page (withOrder) each names its order, which the order's own page need not.
 */
export function invoiceColumns(t: TFunction<'admin'>, lng: string, withOrder = false): Column<AdminInvoice>[] {
  const columns: Column<AdminInvoice>[] = [
    { id: 'number', header: t('orders.invoiceNumber'), primary: true, cell: (i) => i.number || '—' },
    { id: 'kind', header: t('payments.kind'), cell: (i) => t(`orders.invoiceKinds.${i.kind}`) },
    { id: 'state', header: t('payments.state'), cell: (i) => statusText(t, i.state) },
    { id: 'gross', header: t('payments.amount'), end: true, cell: (i) => formatMoney(i.grossCents, lng) },
    {
      id: 'order',
      header: t('orders.order'),
      cell: (i) => (
        <Link to={`/admin/orders?order=${i.orderUuid}`} className={linkClass}>
          <FullId id={i.orderUuid} />
        </Link>
      ),
    },
    { id: 'when', header: t('common.created'), cell: (i) => formatWhen(i.createdAt, lng) },
    { id: 'pdf', header: t('orders.pdf'), end: true, cell: (i) => <InvoicePdfButton invoiceUuid={i.uuid} number={i.number} /> },
  ];
  return withOrder ? columns : columns.filter((c) => c.id !== 'order');
}

export function eventColumns(t: TFunction<'admin'>, lng: string): Column<AdminEvent>[] {
  return [
    { id: 'type', header: t('events.type'), primary: true, cell: (e) => <code className="text-sm">{e.type}</code> },
    {
      id: 'user',
      header: t('orders.user'),
      cell: (e) =>
        e.userUuid ? (
          <Link to={`/admin/users?user=${e.userUuid}`} className={`${linkClass} wrap-anywhere`} data-user-email={e.userEmail}>
            {e.userEmail || <FullId id={e.userUuid} />}
          </Link>
        ) : (
          '—'
        ),
    },
    { id: 'source', header: t('events.source'), cell: (e) => [e.source, e.campaign].filter(Boolean).join(' · ') || '—' },
    { id: 'when', header: t('events.when'), cell: (e) => formatWhen(e.createdAt, lng) },
  ];
}

/** targetLink leads from an audit row to what it changed, when a screen shows that kind. */
function targetLink(a: AdminAudit): string | null {
  if (a.targetType === 'user') return `/admin/users?user=${a.targetId}`;
  if (a.targetType === 'order') return `/admin/orders?order=${a.targetId}`;
  if (a.targetType === 'station') return `/admin/stations?station=${a.targetId}`;
  return null;
}

const targetTypes = new Set(['order', 'user', 'station', 'compartment', 'coupon_pack', 'issue', 'help']);

/** targetTypeText words the kind of thing an audit entry changed ("Tellimus"); an unknown kind shows as stored. */
function targetTypeText(t: TFunction<'admin'>, type: string): string {
  return targetTypes.has(type) ? t(`audit.targetTypes.${type as 'order'}`) : type;
}

/**
 * auditColumns reads the audit as sentences (who did what to which target) with each change in
 * display units; zone is the clock of its instants: an order's station on its page, else the product's.
 */
export function auditColumns(t: TFunction<'admin'>, lng: string, zone: string = productZone): Column<AdminAudit>[] {
  return [
    {
      id: 'action',
      header: t('audit.action'),
      primary: true,
      cell: (a) => (
        <span className="wrap-anywhere" data-audit-action={a.action}>
          {auditSentence(t, a)}
        </span>
      ),
    },
    {
      id: 'target',
      header: t('audit.target'),
      cell: (a) => {
        const to = targetLink(a);
        // The full id, selectable and copyable: eight characters collide at a million rows.
        const id = <span className="font-mono text-xs break-all select-all">{a.targetId}</span>;
        return (
          <span className="grid gap-0.5" data-target-id={a.targetId}>
            <span data-target-type={a.targetType}>{targetTypeText(t, a.targetType)}</span>
            {to ? (
              <Link to={to} className={linkClass}>
                {id}
              </Link>
            ) : (
              id
            )}
          </span>
        );
      },
    },
    {
      id: 'change',
      header: t('audit.change'),
      wrap: true,
      cell: (a) => {
        const lines = auditChangeLines(t, lng, zone, a);
        return (
          <span className="grid gap-0.5">
            {lines.length > 0 && (
              <ul className="grid gap-0.5 text-xs" data-audit-diff>
                {lines.map((d) => (
                  <li key={d.field} className="wrap-anywhere" data-field={d.field}>
                    <span className="font-medium">{d.label}</span>:{' '}
                    {d.before !== null && d.after !== null ? (
                      <>
                        <span className="text-muted-foreground line-through">{d.before}</span> → <span>{d.after}</span>
                      </>
                    ) : d.after !== null ? (
                      <span>{d.after}</span>
                    ) : (
                      <span className="text-muted-foreground">{t('audit.was', { value: d.before })}</span>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {a.note && <span className="text-muted-foreground">“{a.note}”</span>}
          </span>
        );
      },
    },
    { id: 'when', header: t('events.when'), cell: (a) => formatInZone(a.createdAt, lng, zone) },
  ];
}
