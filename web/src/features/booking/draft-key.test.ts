import { beforeEach, describe, expect, it } from 'vitest';
import { read, storageKeys, write } from '@/lib/storage';
import { draftKey, forgetDraft, forgetDraftOrder, holdsDraft, rememberDraftOrder, type Draft } from './draft-key';

const draft: Draft = {
  stationUuid: '11111111-1111-4111-8111-000000000001',
  height: 'small',
  type: 'standard',
  temperature: 'neutral',
  start: '2026-06-06T00:01',
  end: '2026-06-06T23:59',
};
const now = Date.UTC(2026, 5, 5, 9);

beforeEach(() => localStorage.clear());

describe('the booking draft key (one draft, one order)', () => {
  it('is the same key for the same draft, from storage (Back, a reload, another tab)', () => {
    const first = draftKey(draft, now);
    expect(first.orderUuid).toBeNull();
    expect(read(storageKeys.bookingDrafts)).toContain(first.key);
    expect(draftKey({ ...draft }, now + 60_000).key).toBe(first.key);
  });

  it('is another key for another draft: station, product, start or end', () => {
    const key = draftKey(draft, now).key;
    for (const other of [
      { ...draft, stationUuid: '11111111-1111-4111-8111-000000000002' },
      { ...draft, height: 'big' },
      { ...draft, temperature: 'cool' },
      { ...draft, start: '2026-06-06T10:00' },
      { ...draft, end: '2026-06-07T23:59' },
    ]) {
      expect(draftKey(other, now).key).not.toBe(key);
    }
    expect(draftKey(draft, now).key).toBe(key);
  });

  it('remembers the order the key made, and forgets the key once that order is done with', () => {
    const { key } = draftKey(draft, now);
    rememberDraftOrder(draft, 'o1', now);
    expect(draftKey(draft, now)).toEqual({ key, orderUuid: 'o1' });
    forgetDraftOrder('o2', now); // another order: nothing changes
    expect(draftKey(draft, now).key).toBe(key);
    forgetDraftOrder('o1', now); // paid or cancelled
    expect(draftKey(draft, now).key).not.toBe(key);
  });

  it('forgets a draft on request, and by itself after two hours', () => {
    const { key } = draftKey(draft, now);
    forgetDraft(draft, now);
    const next = draftKey(draft, now).key;
    expect(next).not.toBe(key);
    expect(draftKey(draft, now + 2 * 3600_000).key).not.toBe(next);
  });

  it('survives storage it cannot read', () => {
    write(storageKeys.bookingDrafts, '{not json');
    expect(draftKey(draft, now).key).toMatch(/^[0-9a-f-]{36}$/);
    write(storageKeys.bookingDrafts, JSON.stringify([{ draft: 1 }, null, 'x']));
    expect(draftKey(draft, now).key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('counts an order as holding the draft while it waits for its owner', () => {
    expect(['reserved', 'unpaid', 'processing'].every(holdsDraft)).toBe(true);
    expect(['booked', 'active', 'cancelled', 'refunded', 'unfinished', 'failed'].some(holdsDraft)).toBe(false);
  });
});
