import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CodesView, OrderLockerView, OrderView, UserView } from '@/api/generated/app-router';
import { offlineLockers } from './offline-codes';
import { keepOfflineCodes } from './offline-keeper';
import { read, storageKeys, write } from './storage';

const hour = 3600_000;
const now = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();

const user = { id: 'u1' } as UserView;
const locker: OrderLockerView = {
  uuid: 'ol1',
  lockerUuid: 'lk1',
  label: 'A12',
  status: 'booked',
  opened: false,
  dimensions: { height: 1, width: 1, depth: 1 },
  start: iso(now - hour),
  end: iso(now + 2 * hour),
  extendUntil: iso(now + 31 * 24 * hour),
  deliveryCode: { code: '111111', state: 'unused', lastUsedAt: null },
  pickingCode: { code: '222222', state: 'unused', lastUsedAt: null },
};
const order = {
  uuid: 'o1',
  status: 'active',
  station: { uuid: 's1', name: 'Viru Keskus', address: 'Viru väljak 4', city: 'Tallinn', timeZone: 'Europe/Tallinn' },
  start: iso(now - hour),
  end: iso(now + 2 * hour),
  lockers: [locker],
} as OrderView;
const codes: CodesView = {
  orderLockerUuid: 'ol1',
  label: 'A12',
  status: 'booked',
  codes: [
    { uuid: 'c1', kind: 'delivery', code: '111111', usage: 'unused', lastUsedAt: null, createdAt: iso(now) },
    { uuid: 'c2', kind: 'delivery', code: '333333', usage: 'unused', lastUsedAt: null, createdAt: iso(now) },
    { uuid: 'c3', kind: 'picking', code: '222222', usage: 'unused', lastUsedAt: null, createdAt: iso(now) },
  ],
  guests: [],
  offlinePin: { pin: '9876543210', validFrom: iso(now - hour), validUntil: iso(now + 2 * hour) },
};

let client: QueryClient;
let stop: () => void;
let signedIn: string | null;

beforeEach(() => {
  localStorage.clear();
  write(storageKeys.bearer, 'token-1');
  client = new QueryClient();
  signedIn = user.id;
  stop = keepOfflineCodes(client, () => signedIn);
});
afterEach(() => {
  stop();
  localStorage.clear();
});

describe('the codes kept for no signal', () => {
  it('are kept from the active orders list: station, compartment and codes', () => {
    client.setQueryData(['order', 'list', 'active'], [order]);
    const [kept] = offlineLockers(read(storageKeys.bearer));
    expect(kept).toMatchObject({ orderUuid: 'o1', station: 'Viru Keskus', label: 'A12', delivery: ['111111'], picking: ['222222'] });
  });

  it('take every code and the offline PIN from code.list, and keep them when the order is read again', () => {
    client.setQueryData(['order', 'get', 'o1'], order);
    client.setQueryData(['code', 'list', 'o1', 'ol1'], codes);
    client.setQueryData(['order', 'list', 'active'], [order]);
    const [kept] = offlineLockers('token-1');
    expect(kept?.delivery).toEqual(['111111', '333333']);
    expect(kept?.offlinePin?.pin).toBe('9876543210');
  });

  it('are not kept for an order that does not open (unpaid)', () => {
    client.setQueryData(['order', 'list', 'active'], [{ ...order, status: 'reserved' }]);
    expect(offlineLockers('token-1')).toEqual([]);
  });

  it('go when the order is seen cancelled, or leaves the active list', () => {
    client.setQueryData(['order', 'list', 'active'], [order]);
    client.setQueryData(['order', 'get', 'o1'], { ...order, status: 'cancelled' });
    expect(offlineLockers('token-1')).toEqual([]);
    client.setQueryData(['order', 'list', 'active'], [order]);
    client.setQueryData(['order', 'list', 'active'], []);
    expect(offlineLockers('token-1')).toEqual([]);
  });

  it('go when the order ends', () => {
    client.setQueryData(['order', 'list', 'active'], [order]);
    expect(offlineLockers('token-1', now + hour)).toHaveLength(1);
    expect(offlineLockers('token-1', now + 2 * hour + 1)).toEqual([]);
    expect(read(storageKeys.offlineCodes)).toBeNull();
  });

  it('belong to the session they were kept under: another token sees none and clears them', () => {
    client.setQueryData(['order', 'list', 'active'], [order]);
    expect(offlineLockers('token-2')).toEqual([]);
    expect(read(storageKeys.offlineCodes)).toBeNull();
    expect(offlineLockers(null)).toEqual([]);
  });

  it('are not kept without a signed-in user', () => {
    signedIn = null;
    client.setQueryData(['order', 'list', 'active'], [order]);
    expect(read(storageKeys.offlineCodes)).toBeNull();
  });
});
