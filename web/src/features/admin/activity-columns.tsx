// The columns of the server's own log (/admin/events?log=activity) and of an order's door commands.
import type { AdminActivity, AdminDoorCommand } from '@/api/generated/app-router';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { TFunction } from '@/i18n';
import type { Column } from './data-list';
import { formatMoney, formatWhen } from '@/lib/format';
import { statusText } from './columns';
import { Badge } from './frame';
import { FullId } from './full-id';

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

/** activitySources are the log's sources, in the filter's order. */
export const activitySources = ['signin', 'door', 'payment', 'webhook', 'station'] as const;

const doorReasons = ['app', 'kiosk', 'retry', 'repair'] as const;
const doorOutcomes = ['opened', 'rejected', 'sent'] as const;
/** stationEvents are the kinds a station's controller reports (hardware.EventKind) that the log keeps. */
const stationEvents = ['accepted', 'rejected', 'door', 'code', 'offline_pin', 'heartbeat', 'status', 'temperature', 'alarm'] as const;
const isOneOf = <T extends string>(list: readonly T[], v: string): v is T => (list as readonly string[]).includes(v);

/** isMoney: the payment's own rows (the attempt, the payment made, a refund) lead to their order. */
const isMoney = (source: string) => source === 'payment' || source === 'paid' || source === 'refund';

/** sourceOf is the filter's source a row belongs to: a payment made and a refund are the payment's. */
const sourceOf = (source: string) => (isMoney(source) ? 'payment' : source);

/** reasonText names why a door command was sent; an unknown reason is shown as it came. */
const reasonText = (t: TFunction<'admin'>, r: string) => (isOneOf(doorReasons, r) ? t(`activity.doorReasons.${r}`) : r);

/**
 * whatText says what an entry is in words; a provider's webhook type (its own identifier,
 * "payment_intent.succeeded") is shown as code, as it came, and so is a station event of
 * a kind this screen does not know.
 */
function whatText(t: TFunction<'admin'>, a: AdminActivity): ReactNode {
  switch (a.source) {
    case 'signin':
      return t('activity.signedIn');
    case 'door':
      return reasonText(t, a.what);
    case 'payment':
      return t('activity.payment', { state: statusText(t, a.what).toLowerCase() });
    case 'paid':
      return t('activity.paid');
    case 'refund':
      return a.what === 'partial' ? t('activity.refundPartial') : t('activity.refundFull');
    case 'station':
      return isOneOf(stationEvents, a.what) ? t(`activity.stationEvents.${a.what}`) : <code className="text-sm">{a.what}</code>;
    default:
      return <code className="text-sm">{a.what}</code>;
  }
}

/** detailText is the outcome: a door command's, or a payment's amount ("500 EUR" from the server). */
function detailText(t: TFunction<'admin'>, a: AdminActivity, lng: string): string {
  if (a.source === 'door') return isOneOf(doorOutcomes, a.detail) ? t(`activity.doorOutcomes.${a.detail}`) : a.detail;
  if (isMoney(a.source)) {
    const cents = Number(a.detail.split(' ')[0]);
    return Number.isFinite(cents) ? formatMoney(cents, lng) : a.detail;
  }
  return a.detail;
}

function subjectCell(a: AdminActivity) {
  if (isMoney(a.source) && a.subject) {
    return (
      <Link to={`/admin/orders?order=${a.subject}`} className={linkClass}>
        <FullId id={a.subject} />
      </Link>
    );
  }
  return a.subject || '—';
}

export function activityColumns(t: TFunction<'admin'>, lng: string): Column<AdminActivity>[] {
  return [
    { id: 'what', header: t('activity.what'), primary: true, cell: (a) => whatText(t, a) },
    {
      id: 'source',
      header: t('activity.source'),
      cell: (a) => {
        const s = sourceOf(a.source);
        return <Badge>{isOneOf(activitySources, s) ? t(`activity.sources.${s}`) : s}</Badge>;
      },
    },
    { id: 'subject', header: t('activity.subject'), cell: subjectCell },
    { id: 'detail', header: t('activity.detail'), cell: (a) => detailText(t, a, lng) || '—' },
    {
      id: 'user',
      header: t('orders.user'),
      cell: (a) =>
        a.userUuid ? (
          <Link to={`/admin/users?user=${a.userUuid}`} className={`${linkClass} wrap-anywhere`} data-user-email={a.userEmail}>
            {a.userEmail || <FullId id={a.userUuid} />}
          </Link>
        ) : (
          '—'
        ),
    },
    { id: 'when', header: t('events.when'), cell: (a) => formatWhen(a.at, lng) },
  ];
}

/** doorOutcome is how far a door command got: opened (and closed), refused by the station, or no answer yet. */
function doorOutcome(t: TFunction<'admin'>, d: AdminDoorCommand): string {
  if (d.openedAt) return d.closedAt ? t('activity.openedClosed') : t('activity.doorOutcomes.opened');
  return d.rejectedAt ? t('activity.doorOutcomes.rejected') : t('activity.doorOutcomes.sent');
}

export function doorCommandColumns(t: TFunction<'admin'>, lng: string): Column<AdminDoorCommand>[] {
  return [
    { id: 'label', header: t('orders.locker'), primary: true, cell: (d) => d.label },
    {
      id: 'reason',
      header: t('activity.what'),
      cell: (d) =>
        [reasonText(t, d.reason), d.codeKind === 'delivery' || d.codeKind === 'picking' ? t(`activity.codeKinds.${d.codeKind}`) : ''].filter(Boolean).join(' · '),
    },
    { id: 'outcome', header: t('activity.detail'), cell: (d) => <Badge tone={d.openedAt ? 'good' : d.rejectedAt ? 'bad' : 'neutral'}>{doorOutcome(t, d)}</Badge> },
    { id: 'when', header: t('events.when'), cell: (d) => formatWhen(d.createdAt, lng) },
  ];
}
