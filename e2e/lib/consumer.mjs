// A consumer with something to look at: a verified user holding one booked (free)
// order and one reserved one, for the screens that need an order to show. Shared by
// the accessibility sweep and `make screenshots`.
import { registerUser } from './accounts.mjs';
import { book, bookDay, viru as station } from './booking.mjs';
import { day } from './dates.mjs';
import { client } from './trpc.mjs';

export { station };


/** consumer registers a user in language with a booked and a reserved order; returns their ids and token. */
export async function consumer(baseURL, mailbox, language = 'en') {
  const user = await registerUser(baseURL, mailbox, { language });
  const { trpc } = client(`${baseURL}/c-core/trpc/hybrid`, 'httpBatchLink', { headers: { authorization: `Bearer ${user.token}` } });
  await trpc.auth.update.mutate({ firstName: language === 'et' ? 'Mari' : 'Ann', lastName: language === 'et' ? 'Maasikas' : 'Lee', defaultStationId: station });
  // The day after tomorrow: a rental starting at tomorrow's midnight would be less than an hour away
  // in the last hour of the day, and its "starts in an hour" reminder would never be scheduled.
  const booked = await bookDay(trpc, 2);
  const reserved = await book(trpc, { temperature: 'cool', start: day(2), end: day(3), confirm: false });
  return { ...user, order: booked.uuid, locker: booked.lockers[0].uuid, reserved: reserved.uuid };
}

/** The ten main screens of the consumer journey, by name and path. */
export const mainScreens = (c) => [
  ['login', '/login', false],
  ['home', '/', true],
  ['stations', '/book/station', true],
  ['station', `/book/station/${station}`, true],
  ['timeframe', `/book/station/${station}/locker/small/standard/neutral/timeframe/${day(2)}T00%3A01/${day(2)}T23%3A59`, true],
  ['summary', `/book/${c.reserved}`, true],
  ['orders', '/orders/active', true],
  ['order', `/order/${c.order}/${c.locker}`, true],
  ['products', '/products', true],
  ['profile', '/profile', true],
];
