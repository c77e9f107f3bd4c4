// Booking over the API, as the app does it (create, then confirm with the terms accepted): what a journey
// sets up before it opens the screens it tests. Every file books through these, so the flow has one copy.
import assert from 'node:assert/strict';
import { registerUser } from './accounts.mjs';
import { day, now } from './dates.mjs';
import { client } from './trpc.mjs';
import { until } from './wait.mjs';

export const viru = '11111111-1111-4111-8111-000000000001'; // Viru Keskus, Tallinn (demo data)

/** A small standard neutral locker at Viru: the product most journeys book. */
export const smallLocker = { stationUuid: viru, height: 'small', type: 'standard', temperature: 'neutral' };

/**
 * book creates an order with api (a signed-in tRPC client) for product (smallLocker unless told) from start
 * to end (dates as the API takes them, or Date objects) and confirms it; returns the confirmed order.
 * With confirm false the order is left reserved.
 */
export async function book(api, { start, end, confirm = true, ...product }) {
  const iso = (t) => (t instanceof Date ? t.toISOString() : t);
  const created = await api.order.create.mutate({ ...smallLocker, ...product, start: iso(start), end: iso(end) });
  return confirm ? api.order.confirm.mutate({ orderUuid: created.uuid, acceptTerms: true }) : created;
}

/** bookDay books product for the whole of day n (0 today, 1 tomorrow …). */
export function bookDay(api, n, product = {}) {
  return book(api, { ...product, start: day(n), end: day(n) });
}

/**
 * bookFromNow books product from now (the tests' clock) for hours, and checks that it is booked or already
 * running: the order a door, a kiosk or an offline journey needs at once.
 */
export async function bookFromNow(api, hours, product = {}) {
  const start = now();
  const order = await book(api, { ...product, start: new Date(start), end: new Date(start + hours * 3600_000) });
  assert.ok(['booked', 'active'].includes(order.status), order.status);
  return order;
}

/**
 * spendFreeOrders books the "first 3 free" pack away (days from to from + 2, 10 to 12 unless told), so that the
 * next order costs money. A file that makes many paying users spreads them over other days: a station has only
 * so many lockers of a kind.
 */
export async function spendFreeOrders(api, { from = 10, ...product } = {}) {
  for (const n of [from, from + 1, from + 2]) assert.equal((await bookDay(api, n, product)).status, 'booked', 'a free order');
}

/** orderWhen reads the order, as the app polls it, until done(order) holds; returns it. */
export function orderWhen(api, orderUuid, done, what = `order ${orderUuid} to change`) {
  return until(what, () => api.order.get.query({ orderUuid }), { done, everyMs: 100 });
}

/**
 * payingUser registers a verified user in language and spends their free orders (on the days from, from + 1 and
 * from + 2; see spendFreeOrders): their next order costs money.
 */
export async function payingUser(baseURL, mailbox, { language = 'en', from } = {}) {
  const user = await registerUser(baseURL, mailbox, { language });
  const { trpc } = client(`${baseURL}/c-core/trpc/hybrid`, 'httpBatchLink', { headers: { authorization: `Bearer ${user.token}` } });
  await spendFreeOrders(trpc, { from });
  return user;
}
