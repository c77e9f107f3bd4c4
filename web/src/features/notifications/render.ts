// Notifications are stored as a kind and params and worded here, when they are read,
// in the language on the screen (issue 28): a list never mixes the languages the
// account had when each was written. The server words e-mails, push and SMS from
// the same params (internal/notify/texts.go).
import type { NotificationView } from '@/api/generated/app-router';
import type { TFunction } from '@/i18n';
import type { NotificationsTranslation } from '@/locales/en/notifications';
import { formatMoney, formatStationInstant, productZone } from '@/lib/format';

export type NotificationVariant = keyof NotificationsTranslation['kinds'];

/**
 * variantOf picks the wording that is true now: a declined order is "held until"
 * only while its hold lasts; a declined extension was dropped; neither offers a
 * retry that the server would refuse.
 */
export function variantOf(n: Pick<NotificationView, 'kind' | 'params'>, now: Date): NotificationVariant {
  const p = n.params;
  if (n.kind === 'payment_failed' && p) {
    if (p.extension) return 'payment_failed_extension';
    if (p.until && new Date(p.until) > now) return 'payment_failed_held';
  }
  // A booking whose compartment went out of service with none of its kind free was ended.
  if (n.kind === 'locker_moved' && p && !p.locker) return 'locker_moved_ended';
  // An operator's refund says the reason they gave (issue 42); a customer's own cancel has none.
  if (n.kind === 'refund_made' && p?.reason) return 'refund_made_reason';
  // An extension left unpaid past its hold lapsed; end is the end the rental keeps.
  if (n.kind === 'extension_offered' && p?.lapsed) return 'extension_lapsed';
  return n.kind;
}

/** notificationText is a notification's title and body in the language of t. */
export function notificationText(
  n: NotificationView,
  t: TFunction<'notifications'>,
  language: string,
  now: Date = new Date(),
  device?: string,
): { title: string; body: string } {
  const p = n.params;
  if (!p) return { title: n.title, body: n.body }; // written before params were kept
  const zone = p.timeZone || productZone;
  const at = (iso: string | null) => (iso ? formatStationInstant(iso, zone, language, device) : '');
  const variant = variantOf(n, now);
  const values = {
    station: p.station,
    locker: p.locker,
    start: at(p.start),
    end: at(p.end),
    until: at(p.until),
    amount: formatMoney(p.amountCents, language),
    answer: p.answer,
    reason: p.reason,
  };
  return { title: t(`kinds.${variant}.title`), body: t(`kinds.${variant}.body`, values) };
}
