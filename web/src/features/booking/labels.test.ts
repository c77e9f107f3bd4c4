import { beforeAll, describe, expect, it } from 'vitest';
import i18n, { initI18n } from '@/i18n';
import { formatCharged, formatDuration } from '@/lib/format';
import { noteText } from './cancel-notes';
import { lockerPath, productPath, productTitle, statusTone, temperatureBand, type BookingT } from './labels';

let t: BookingT;
beforeAll(async () => {
  await initI18n();
  // Only English loads at start; Estonian comes with a language switch.
  await i18n.changeLanguage('et'); // loads all of the language's namespaces
  await i18n.changeLanguage('en-US');
  t = i18n.getFixedT('en-US', 'booking');
});

describe('paths', () => {
  it('builds the flow 1 timeframe route with the local times encoded', () => {
    const p = { height: 'big' as const, type: 'standard', temperature: 'warm' as const };
    expect(productPath('s1', p)).toBe('/book/station/s1/locker/big/standard/warm/timeframe');
    expect(productPath('s1', p, { start: '2026-11-24T00:01', end: '2026-11-24T23:59' })).toBe(
      '/book/station/s1/locker/big/standard/warm/timeframe/2026-11-24T00%3A01/2026-11-24T23%3A59',
    );
  });

  it('opens a finished order locker on the history route', () => {
    expect(lockerPath({ uuid: 'o1', status: 'booked' }, 'l1')).toBe('/order/o1/l1');
    expect(lockerPath({ uuid: 'o1', status: 'cancelled' }, 'l1')).toBe('/order/history/o1/l1');
    expect(lockerPath({ uuid: 'o1', status: 'expired' }, 'l1')).toBe('/order/history/o1/l1');
  });
});

describe('words', () => {
  it('names products and durations', () => {
    expect(productTitle(t, { height: 'small', type: 'standard', temperature: 'cool' })).toBe('Small locker');
    expect(productTitle(t, { height: 'big', type: 'parcel', temperature: 'cool' })).toBe('Big locker · parcel');
    expect(formatDuration(22 * 60 + 58, 'en')).toBe('22 hours 58 minutes');
    expect(formatDuration(24 * 60 + 60, 'en')).toBe('1 day 1 hour');
    expect(formatCharged(0, 24, 'en')).toBe('1 day');
    expect(formatCharged(1, 3, 'et')).toBe('1 päev 3 tundi');
  });

  it('shows preset cancel notes in the user language and free text as typed', () => {
    expect(noteText(t, 'just testing')).toBe('Just testing');
    expect(noteText(i18n.getFixedT('et', 'booking'), 'wrong input')).toBe('Vale sisestus');
    expect(noteText(t, 'plans changed')).toBe('plans changed');
  });

  it('gives every spec §4 status a tone', () => {
    expect(statusTone('booked')).toBe('good');
    expect(statusTone('unpaid')).toBe('wait');
    expect(statusTone('cancelled')).toBe('done');
    expect(statusTone('failed')).toBe('bad');
  });
});

describe('temperatureBand', () => {
  it("words the server's band with signs, in each language, and nothing for a neutral compartment", () => {
    expect(temperatureBand(t, { minCelsius: 15, maxCelsius: 25 }, 'en-US')).toBe('kept at +15 to +25 °C');
    const et = i18n.getFixedT('et', 'booking');
    expect(temperatureBand(et, { minCelsius: 2, maxCelsius: 7.5 }, 'et')).toBe('hoitakse +2 kuni +7,5 °C');
    expect(temperatureBand(t, { minCelsius: null, maxCelsius: null }, 'en-US')).toBe('');
  });
});
