import { describe, expect, it } from 'vitest';
import type { CouponView } from '@/api/generated/app-router';
import { applicableCoupon, couponName, freeOrdersLeft } from './coupons';
import { matchesStation, mapUrl } from './map';

const base: CouponView = {
  uuid: 'c1',
  code: 'FIRST3',
  name: { en: 'First 3 orders free', et: 'Esimesed 3 tellimust tasuta' },
  freeOrders: 3,
  remaining: 3,
  stationUuid: null,
  validUntil: null,
  registeredAt: '2026-11-01T00:00:00Z',
};
const now = new Date('2026-11-23T12:00:00Z');

describe('applicableCoupon (the server pick, shown in advance)', () => {
  it('prefers a pack of this station over a general one', () => {
    const local = { ...base, uuid: 'c2', code: 'TALLINN-CENTRE', stationUuid: 's1', remaining: 2 };
    expect(applicableCoupon([base, local], 's1', now)?.code).toBe('TALLINN-CENTRE');
    expect(applicableCoupon([base, local], 's2', now)?.code).toBe('FIRST3');
  });

  it('skips used-up and expired packs, then prefers the one expiring first', () => {
    const empty = { ...base, uuid: 'c3', remaining: 0 };
    const expired = { ...base, uuid: 'c4', code: 'OLD', validUntil: '2026-11-01T00:00:00Z' };
    const soon = { ...base, uuid: 'c5', code: 'SOON', validUntil: '2026-12-01T00:00:00Z' };
    expect(applicableCoupon([empty, expired], 's1', now)).toBeNull();
    expect(applicableCoupon([base, soon], 's1', now)?.code).toBe('SOON');
    expect(freeOrdersLeft([base, empty, expired, soon], now)).toBe(6);
  });

  it('names a pack in the app language', () => {
    expect(couponName(base, 'et')).toBe('Esimesed 3 tellimust tasuta');
    expect(couponName(base, 'en-US')).toBe('First 3 orders free');
  });
});

describe('station search and map link', () => {
  const viru = { name: 'Viru Keskus', address: 'Viru väljak 4', city: 'Tallinn', latitude: 59.4369, longitude: 24.7535 };
  it('matches every word, ignoring case and accents', () => {
    expect(matchesStation(viru, 'tallinn viru')).toBe(true);
    expect(matchesStation(viru, 'VALJAK')).toBe(true);
    expect(matchesStation(viru, 'tartu')).toBe(false);
    expect(matchesStation(viru, '  ')).toBe(true);
  });

  it('links to OpenStreetMap only where coordinates exist', () => {
    expect(mapUrl(viru)).toBe('https://www.openstreetmap.org/?mlat=59.43690&mlon=24.75350#map=17/59.43690/24.75350');
    expect(mapUrl({ latitude: 0, longitude: 0 })).toBeNull();
  });
});
