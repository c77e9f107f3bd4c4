import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminAudit } from '@/api/generated/app-router';
import i18n, { initI18n, type TFunction } from '@/i18n';
import { auditChangeLines, auditSentence } from './audit-sentence';
import { startedHours } from './duration';

let en: TFunction<'admin'>;
let et: TFunction<'admin'>;
beforeAll(async () => {
  await initI18n();
  await i18n.changeLanguage('et');
  await i18n.changeLanguage('en-US');
  en = i18n.getFixedT('en-US', 'admin');
  et = i18n.getFixedT('et', 'admin');
});

const entry = (over: Partial<AdminAudit>): AdminAudit => ({
  uuid: 'a',
  actorUuid: 'u',
  actorEmail: 'ada@example.com',
  action: 'admin.orders.extend',
  targetType: 'order',
  targetId: '3f2a9c1e-0000-4000-8000-000000000001',
  before: '{}',
  after: '{}',
  note: '',
  createdAt: '2026-12-01T22:38:27.67113343Z',
  ...over,
});

describe('the audit as sentences', () => {
  it('says who did what to which order, in each language', () => {
    expect(auditSentence(en, entry({}))).toBe('ada@example.com extended order 3f2a9c1e');
    expect(auditSentence(et, entry({}))).toBe('ada@example.com pikendas tellimust 3f2a9c1e');
    expect(auditSentence(en, entry({ action: 'admin.something.new' }))).toBe('ada@example.com: admin.something.new on 3f2a9c1e');
  });

  it('shows times on the station clock without nanoseconds, money as money, and no raw keys', () => {
    const lines = auditChangeLines(en, 'en-US', 'Europe/Tallinn', entry({
      before: '{"end":"2026-12-01T22:00:00Z","status":"booked"}',
      after: '{"pending":true,"requestedEnd":"2026-12-02","orderLockerId":"x","amountCents":560,"lapsesAt":"2026-12-01T22:38:27.67113343Z","status":"booked"}',
    }));
    const lapses = lines.find((l) => l.field === 'lapsesAt')!;
    expect(lapses.label).toBe('Lapses at');
    expect(lapses.before).toBeNull();
    expect(lapses.after).toMatch(/2 Dec 2026, 00:38 UTC\+2/);
    expect(lines.find((l) => l.field === 'amountCents')!.after).toBe('€5.60');
    expect(lines.some((l) => l.field === 'orderLockerId')).toBe(false);
    expect(lines.find((l) => l.field === 'end')).toEqual({ field: 'end', label: 'End', before: expect.stringMatching(/2 Dec 2026, 00:00/), after: null });
  });

  it('does not read money that the entry names on one side only as gone', () => {
    const lines = auditChangeLines(et, 'et', 'Europe/Tallinn', entry({ action: 'admin.orders.refund', before: '{"paidCents":560,"refundedCents":0}', after: '{"refund":"requested","amountCents":560,"partial":false}' }));
    const paid = lines.find((l) => l.field === 'paidCents')!;
    expect(paid.label).toBe('Makstud');
    expect(paid.before).toMatch(/5,60\s€/);
    expect(paid.after).toBeNull();
    expect(lines.find((l) => l.field === 'partial')!.after).toBe('ei');
  });

  it('reads lists and records part by part, in the screen language', () => {
    const lines = auditChangeLines(et, 'et', 'Europe/Tallinn', entry({
      action: 'admin.stations.outOfService',
      before: '{"lockers":[{"height":"small","temperature":"cool"}]}',
      after: '{"lockers":[{"height":"big","temperature":"warm"}]}',
    }));
    const lockers = lines.find((l) => l.field.startsWith('lockers'))!;
    expect(`${lockers.before} ${lockers.after}`).not.toMatch(/\b(small|cool|big|warm)\b/);
    expect(lockers.before).toContain('Väike');
  });

  it('reads a record written from Go field names (Height, Temperature) like any other', () => {
    const lines = auditChangeLines(et, 'et', 'Europe/Tallinn', entry({
      action: 'admin.compartments.update',
      before: '{"compartment":{"Height":"small","Temperature":"cool"},"refunded":false}',
      after: '{"compartment":{"Height":"big","Temperature":"warm"},"refunded":true}',
    }));
    const height = lines.find((l) => l.field === 'compartment.Height')!;
    expect(height).toMatchObject({ label: 'Suurus', before: 'Väike', after: 'Suur' });
    expect(lines.find((l) => l.field === 'compartment.Temperature')!.before).toBe('Jahe');
    expect(lines.find((l) => l.field === 'refunded')!.label).toBe('Tagastatud');
  });
});

describe('durations', () => {
  it("measures an extension line by its own period in started hours", () => {
    expect(startedHours('2026-12-02T12:00:00Z', '2026-12-02T14:00:00Z')).toEqual({ days: 0, hours: 2 });
    expect(startedHours('2026-12-02T12:00:00Z', '2026-12-03T13:01:00Z')).toEqual({ days: 1, hours: 2 });
    expect(startedHours('', '2026-12-02T14:00:00Z')).toBeNull();
  });
});
