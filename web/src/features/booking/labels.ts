// Names of products and statuses built from the translation tables, so that every
// screen words a locker and an order the same way.
import type { TFunction } from '@/i18n';
import type { OrderView } from '@/api/generated/app-router';
import type { OrderWord } from '@/lib/status-words';
import { toLocal } from './time';

export type BookingT = TFunction<'booking'>;

export interface ProductKey {
  height: 'small' | 'big';
  type: string;
  temperature: 'cool' | 'neutral' | 'warm';
}

const knownTypes = new Set(['standard']);

/** typeName translates a known locker type and shows an unknown one as the server names it. */
export function typeName(t: BookingT, type: string): string {
  return knownTypes.has(type) ? t(`product.type.${type as 'standard'}`) : type;
}

/** productTitle is "Small locker" plus the type when it is not the standard one. */
export function productTitle(t: BookingT, p: ProductKey): string {
  const size = t(`product.height.${p.height}`);
  return p.type === 'standard' ? size : `${size} · ${typeName(t, p.type)}`;
}

/** celsius writes a temperature with its sign, as a thermometer does: "+2", "−1,5". */
function celsius(c: number, lang: string): string {
  const n = new Intl.NumberFormat(lang, { maximumFractionDigits: 1, signDisplay: 'exceptZero' });
  return n.format(c);
}

/**
 * temperatureBand is the range a cooled or warmed compartment is kept in, from
 * the server's one temperature table ("kept at +15 to +25 °C"); empty for a
 * neutral one.
 */
export function temperatureBand(t: BookingT, p: { minCelsius?: number | null; maxCelsius?: number | null }, lang: string): string {
  if (p.minCelsius == null || p.maxCelsius == null) return '';
  return t('product.temperatureBand', { min: celsius(p.minCelsius, lang), max: celsius(p.maxCelsius, lang) });
}

/** sameProduct compares the three fields that name a product. */
export function sameProduct(a: ProductKey, b: ProductKey): boolean {
  return a.height === b.height && a.type === b.type && a.temperature === b.temperature;
}

/** productPath is the timeframe route of flow 1 for a product at a station. */
export function productPath(stationUuid: string, p: ProductKey, tf?: { start: string; end: string }): string {
  const base = `/book/station/${stationUuid}/locker/${encodeURIComponent(p.height)}/${encodeURIComponent(p.type)}/${encodeURIComponent(p.temperature)}/timeframe`;
  return tf ? `${base}/${encodeURIComponent(tf.start)}/${encodeURIComponent(tf.end)}` : base;
}

/**
 * bookAgainPath starts a new booking of what an order booked: the timeframe step
 * with its station, locker kind and times filled in (issue 26), in the station's
 * local time as the step's URL carries it. A start that has passed meanwhile is
 * moved to now by the server, as the step says.
 */
export function bookAgainPath(o: Pick<OrderView, 'station' | 'height' | 'type' | 'temperature' | 'start' | 'end'>): string {
  const tz = o.station.timeZone;
  return productPath(o.station.uuid, o, { start: toLocal(new Date(o.start), tz), end: toLocal(new Date(o.end), tz) });
}

export type StatusLabel = OrderWord;

/** tone groups statuses by what the user should feel: go, wait, done or wrong. */
export function statusTone(label: StatusLabel): 'good' | 'wait' | 'done' | 'bad' {
  switch (label) {
    case 'booked':
    case 'booked-not-started':
    case 'active':
    case 'extended':
    case 'delivered':
    case 'valid':
      return 'good';
    case 'reserved':
    case 'unpaid':
    case 'processing':
    case 'picked':
    case 'opened':
      return 'wait';
    case 'failed':
    case 'deleted':
      return 'bad';
    default:
      return 'done';
  }
}

/** isHistory: an order that is over belongs in the history, not among active orders. */
export function isHistory(o: Pick<OrderView, 'status'>): boolean {
  return ['expired', 'finalized', 'cancelled', 'refunded', 'failed', 'deleted', 'unfinished'].includes(o.status);
}

/** lockerPath opens an order locker: the history route for an order that is over. */
export function lockerPath(o: Pick<OrderView, 'uuid' | 'status'>, orderLockerUuid: string): string {
  return isHistory(o) ? `/order/history/${o.uuid}/${orderLockerUuid}` : `/order/${o.uuid}/${orderLockerUuid}`;
}

/** orderNextPath is where an order in flow 2 continues: summary while reserved, else its locker. */
export function orderNextPath(o: OrderView): string {
  if (o.status === 'reserved') return `/book/${o.uuid}`;
  const first = o.lockers[0];
  return first ? lockerPath(o, first.uuid) : `/book/${o.uuid}/done`;
}
