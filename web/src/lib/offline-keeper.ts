// Keeps the codes of the signed-in user's active orders on the device (issue 26,
// lib/offline-codes.ts) from what the app loads anyway: the orders list, an order and
// an order locker's codes. Watching the query cache keeps every screen out of it and
// needs no request of its own: whoever opened the app online since booking has the
// codes offline. An order seen ended or cancelled takes its codes with it. The app's
// query client starts it (app/query-client.ts) and says who is signed in.
import type { QueryClient } from '@tanstack/react-query';
import type { CodesView, OrderLockerView, OrderView } from '@/api/generated/app-router';
import { forgetOrders, keepLockers, offlineLockers, storedLocker, type OfflineLocker } from './offline-codes';
import { read, storageKeys } from './storage';

/** The statuses in which the door opens (paid, not over): only these orders' codes are kept. */
const opening: ReadonlySet<OrderView['status']> = new Set(['booked', 'active', 'extended']);

const keeps = (o: OrderView, now: number) => opening.has(o.status) && Date.parse(o.end) > now;

function entry(order: OrderView, locker: OrderLockerView, prev: OfflineLocker | undefined): OfflineLocker {
  const delivery = locker.deliveryCode.code;
  const picking = locker.pickingCode.code;
  // An order names the oldest live code of each kind; code.list (kept in prev) names
  // them all. The fuller list stays while it still holds the order's codes.
  const fuller = prev && prev.delivery.includes(delivery) && prev.picking.includes(picking);
  return {
    orderUuid: order.uuid,
    orderLockerUuid: locker.uuid,
    station: order.station.name,
    timeZone: order.station.timeZone,
    label: locker.label,
    delivery: fuller ? prev.delivery : [delivery],
    picking: fuller ? prev.picking : [picking],
    offlinePin: prev?.offlinePin ?? null,
    start: order.start,
    end: order.end,
  };
}

/** SignedIn names the signed-in user's id, or null. */
export type SignedIn = () => string | null;

function session(signedIn: SignedIn): { user: string; token: string } | null {
  const user = signedIn();
  const token = read(storageKeys.bearer);
  return user && token ? { user, token } : null;
}

/** ordersSeen keeps the codes of the orders that open and forgets the others; complete: the list holds every active order. */
export function ordersSeen(signedIn: SignedIn, orders: OrderView[], complete: boolean, now = Date.now()): void {
  const s = session(signedIn);
  if (!s) return;
  const kept = orders.filter((o) => keeps(o, now));
  const gone = new Set(orders.filter((o) => !keeps(o, now)).map((o) => o.uuid));
  if (complete) {
    // An order that left the active list is over (or was cancelled) in any case.
    const listed = new Set(orders.map((o) => o.uuid));
    for (const l of offlineLockers(s.token, now)) if (!listed.has(l.orderUuid)) gone.add(l.orderUuid);
  }
  forgetOrders(gone);
  const lockers = kept.flatMap((o) => o.lockers.map((l) => entry(o, l, storedLocker(s.token, l.uuid, now))));
  if (lockers.length) keepLockers(s.user, s.token, lockers, now);
}

/** codesSeen replaces a locker's codes (all of them) and its offline PIN with code.list's answer. */
export function codesSeen(client: QueryClient, signedIn: SignedIn, orderUuid: string, codes: CodesView, now = Date.now()): void {
  const s = session(signedIn);
  if (!s) return;
  const prev = storedLocker(s.token, codes.orderLockerUuid, now);
  const order = client.getQueryData<OrderView>(['order', 'get', orderUuid]);
  if (order && !keeps(order, now)) return;
  const locker = order?.lockers.find((l) => l.uuid === codes.orderLockerUuid);
  const base = order && locker ? entry(order, locker, prev) : prev;
  if (!base) return;
  const of = (kind: 'delivery' | 'picking') => codes.codes.filter((c) => c.kind === kind).map((c) => c.code);
  keepLockers(s.user, s.token, [{ ...base, label: codes.label, delivery: of('delivery'), picking: of('picking'), offlinePin: codes.offlinePin }], now);
}

/**
 * keepOfflineCodes watches the query cache for the answers that carry codes and keeps
 * them; it returns the function that stops watching.
 */
export function keepOfflineCodes(client: QueryClient, signedIn: SignedIn): () => void {
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const [domain, procedure, arg] = event.query.queryKey as readonly unknown[];
    const data = event.query.state.data;
    if (data === undefined) return;
    if (domain === 'order' && procedure === 'list') ordersSeen(signedIn, data as OrderView[], arg === 'active');
    else if (domain === 'order' && procedure === 'get') ordersSeen(signedIn, [data as OrderView], false);
    else if (domain === 'code' && procedure === 'list' && typeof arg === 'string') codesSeen(client, signedIn, arg, data as CodesView);
  });
}
