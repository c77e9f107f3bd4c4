import { beforeAll, describe, expect, it } from 'vitest';
import type { NotificationView } from '@/api/generated/app-router';
import i18n, { initI18n, type TFunction } from '@/i18n';
import { notificationText, variantOf } from './render';

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

let en: TFunction<'notifications'>;
let et: TFunction<'notifications'>;
beforeAll(async () => {
  await initI18n();
  await i18n.changeLanguage('et');
  await i18n.changeLanguage('en-US');
  en = i18n.getFixedT('en-US', 'notifications');
  et = i18n.getFixedT('et', 'notifications');
});

const base: NotificationView = {
  id: 'n1',
  kind: 'booking_confirmed',
  params: {
    station: 'Viru Keskus',
    locker: '',
    start: '2026-11-28T19:00:00Z',
    end: '2026-11-28T21:00:00Z',
    amountCents: 0,
    answer: '',
    until: null,
    extension: false,
    timeZone: 'Europe/Tallinn',
    reason: '',
    lapsed: false,
  },
  title: 'Broneering kinnitatud', // as written for an account that was Estonian then
  body: 'Sinu kapp …',
  orderId: 'o1',
  createdAt: '2026-11-28T18:00:00Z',
  read: false,
};

describe('notificationText (issue 28)', () => {
  it('words one stored notification in whichever language reads it, on the 24-hour clock', () => {
    const now = new Date('2026-11-28T18:30:00Z');
    expect(notificationText(base, en, 'en-US', now, 'Europe/Tallinn')).toEqual({
      title: 'Booking confirmed',
      body: 'Your locker at Viru Keskus is booked from 28 Nov 2026, 21:00 to 28 Nov 2026, 23:00.',
    });
    const inEstonian = notificationText(base, et, 'et', now, 'Europe/Tallinn');
    expect(inEstonian.title).toBe('Broneering kinnitatud');
    expect(plain(inEstonian.body)).toBe('Sinu kapp asukohas Viru Keskus on broneeritud ajavahemikuks 28. nov 2026, 21:00 – 28. nov 2026, 23:00.');
  });

  it('names the station’s zone when the device is on another clock', () => {
    const { body } = notificationText(base, en, 'en-US', new Date(), 'America/New_York');
    expect(body).toMatch(/28 Nov 2026, 21:00 \(UTC\+2\)/);
  });

  it('writes money the language’s way', () => {
    const refund = { ...base, kind: 'refund_made' as const, params: { ...base.params!, amountCents: 450 } };
    expect(notificationText(refund, en, 'en-US').body).toBe('We refunded €4.50 for your booking at Viru Keskus.');
    expect(plain(notificationText(refund, et, 'et').body)).toBe('Tagastasime sinu broneeringu (Viru Keskus) eest 4,50 €.');
  });

  it('says the reason an operator gave for a refund, in both languages (issue 42)', () => {
    const refund = {
      ...base,
      kind: 'refund_made' as const,
      params: { ...base.params!, amountCents: 450, reason: 'Locker 3 was broken & wet' },
    };
    expect(variantOf(refund, new Date())).toBe('refund_made_reason');
    expect(notificationText(refund, en, 'en-US').body).toBe(
      'Our staff refunded €4.50 for your booking at Viru Keskus. Reason: Locker 3 was broken & wet',
    );
    expect(plain(notificationText(refund, et, 'et').body)).toBe(
      'Meie töötaja tagastas sinu broneeringu (Viru Keskus) eest 4,50 €. Põhjus: Locker 3 was broken & wet',
    );
  });

  it('says an unpaid extension lapsed and the end the rental keeps (issue 42)', () => {
    const lapsed = {
      ...base,
      kind: 'extension_offered' as const,
      params: { ...base.params!, amountCents: 750, until: '2026-11-28T19:30:00Z', lapsed: true },
    };
    expect(variantOf(lapsed, new Date())).toBe('extension_lapsed');
    expect(notificationText(lapsed, en, 'en-US', new Date(), 'Europe/Tallinn')).toEqual({
      title: 'The extension lapsed',
      body: 'The extension of your rental at Viru Keskus for €7.50 was not paid by 28 Nov 2026, 21:30, so it lapsed and no money was taken. Your rental ends at 28 Nov 2026, 23:00 as before.',
    });
    const inEstonian = notificationText(lapsed, et, 'et', new Date(), 'Europe/Tallinn');
    expect(inEstonian.title).toBe('Pikendus aegus');
    expect(plain(inEstonian.body)).toContain('ei makstud tähtajaks (28. nov 2026, 21:30)');
    expect(variantOf({ ...lapsed, params: { ...lapsed.params, lapsed: false } }, new Date())).toBe('extension_offered');
  });

  it('keeps the stored words of a notification written before params were kept', () => {
    expect(notificationText({ ...base, params: null }, en, 'en-US')).toEqual({ title: base.title, body: base.body });
  });
});

describe('a declined payment says only what is true', () => {
  const declined = (p: Partial<NonNullable<NotificationView['params']>>): NotificationView => ({
    ...base,
    kind: 'payment_failed',
    params: { ...base.params!, ...p },
  });
  const now = new Date('2026-11-28T18:30:00Z');

  it('is held until a time only while the hold lasts', () => {
    const held = declined({ until: '2026-11-28T18:45:00Z' });
    expect(variantOf(held, now)).toBe('payment_failed_held');
    expect(notificationText(held, en, 'en-US', now, 'Europe/Tallinn').body).toContain('held for you until 28 Nov 2026, 20:45');
    expect(variantOf(held, new Date('2026-11-28T19:00:00Z'))).toBe('payment_failed');
  });

  it('says an extension was dropped and the rental ends as before', () => {
    const ext = declined({ extension: true });
    expect(variantOf(ext, now)).toBe('payment_failed_extension');
    expect(notificationText(ext, en, 'en-US', now, 'Europe/Tallinn').body).toContain('still ends at 28 Nov 2026, 23:00');
  });

  it('never asks to try again', () => {
    for (const p of [{}, { until: '2026-11-28T18:45:00Z' }, { extension: true }]) {
      for (const [t, lng] of [[en, 'en-US'], [et, 'et']] as const) {
        expect(notificationText(declined(p), t, lng, now).body).not.toMatch(/try again|proovi uuesti/i);
      }
    }
  });

  it('says a booking moved to another locker, or was cancelled when none of its kind was free', () => {
    const moved: NotificationView = { ...base, kind: 'locker_moved', params: { ...base.params!, locker: 'A02' } };
    expect(variantOf(moved, now)).toBe('locker_moved');
    expect(notificationText(moved, en, 'en-US', now, 'Europe/Tallinn').body).toContain('now in locker A02');
    const ended: NotificationView = { ...base, kind: 'locker_moved' };
    expect(variantOf(ended, now)).toBe('locker_moved_ended');
    expect(notificationText(ended, en, 'en-US', now, 'Europe/Tallinn').title).toBe('Your booking was cancelled');
    expect(notificationText(ended, et, 'et', now, 'Europe/Tallinn').title).toBe('Sinu broneering tühistati');
  });
});
