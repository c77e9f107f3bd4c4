import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderLockerView, OrderView } from '@/api/generated/app-router';
import i18n, { initI18n } from '@/i18n';
import enStatus from '@/locales/en/status';
import etStatus from '@/locales/et/status';
import enAdmin from '@/locales/en/admin';
import etAdmin from '@/locales/et/admin';
import { orderStatus, statusWords, type StatusWords } from './status-words';

// Issue 28: one status vocabulary, the spec's words, from one table per language.

// The words of docs/spec.md §4, as it lists them.
const spec = {
  'Order status labels':
    'active, booked, booked-not-started, cancelled, deleted, delivered, expired, extended, failed, finalized, opened, picked, processing, refunded, reserved, unfinished, unpaid, valid',
  'Payment method states': 'initial, processing, valid, settled, active, failed',
  'Invoice states': 'created, paid, settled, cancelled, has payment',
};
const specWords = (heading: keyof typeof spec) => spec[heading].split(',').map((w) => w.trim());

describe('the status table', () => {
  it('has every word of the spec (§4) in both languages', () => {
    const orders = specWords('Order status labels');
    const cards = specWords('Payment method states');
    const invoices = specWords('Invoice states').filter((w) => w !== 'has payment'); // a fact shown as the credit note, not a state
    expect(orders.length).toBeGreaterThan(15);
    for (const table of [enStatus, etStatus]) {
      expect(Object.keys(table.order).sort()).toEqual([...orders].sort());
      expect(Object.keys(table.orderMeaning).sort()).toEqual([...orders].sort());
      expect(Object.keys(table.card).sort()).toEqual([...cards].sort());
      expect(Object.keys(table.invoice).sort()).toEqual([...invoices].sort());
    }
  });

  it('names a paid credit note "Refunded", as its PDF does', () => {
    expect(enStatus.creditNote.paid).toBe(enStatus.order.refunded);
    expect(etStatus.creditNote.paid).toBe(etStatus.order.refunded);
  });

  it('words a payment with the order’s words', () => {
    for (const t of [enStatus, etStatus]) {
      expect(t.payment.pending).toBe(t.order.unpaid);
      expect(t.payment.failed).toBe(t.order.failed);
      expect(t.payment.refunded).toBe(t.order.refunded);
      expect(t.payment.paid).toBe(t.invoice.paid);
    }
  });
});

const locker = (status: OrderLockerView['status']) => ({ status });
const order = (label: OrderView['label'], lockers = [locker('booked')]) => ({ label, lockers }) as Pick<OrderView, 'label' | 'lockers'>;

describe('orderStatus: one word per order on every screen', () => {
  it('is the order’s label, the same for the list (no locker) and the order page (its locker)', () => {
    for (const label of ['booked-not-started', 'active', 'booked', 'unpaid', 'cancelled', 'refunded'] as const) {
      const o = order(label);
      expect(orderStatus(o)).toBe(label);
      expect(orderStatus(o, o.lockers[0])).toBe(label);
    }
  });

  it('says where a running order’s locker has got to once things are in it', () => {
    expect(orderStatus(order('active', [locker('delivered')]))).toBe('delivered');
    expect(orderStatus(order('extended', [locker('picked')]))).toBe('picked');
    // Not before it runs, nor after it is over.
    expect(orderStatus(order('booked-not-started', [locker('delivered')]))).toBe('booked-not-started');
    expect(orderStatus(order('expired', [locker('picked')]))).toBe('expired');
  });

  it('asks which locker when an order has several', () => {
    const two = order('active', [locker('delivered'), locker('booked')]);
    expect(orderStatus(two)).toBe('active');
    expect(orderStatus(two, two.lockers[0])).toBe('delivered');
  });
});

describe('statusWords', () => {
  let en: StatusWords;
  let et: StatusWords;
  beforeAll(async () => {
    await initI18n();
    await i18n.changeLanguage('et');
    await i18n.changeLanguage('en-US');
    en = statusWords(i18n.getFixedT('en-US', 'status'));
    et = statusWords(i18n.getFixedT('et', 'status'));
  });

  it('reads each kind from the table in the language asked', () => {
    expect(en.order('booked-not-started')).toBe('Booked, not started');
    expect(et.order('active')).toBe('Aktiivne');
    expect(en.card('active')).toBe('Default');
    // One word for a card that can be charged, whichever state it reached (issue 46): never "Valid" beside "Active".
    expect(en.card('valid')).toBe(en.card('settled'));
    expect(new Set(['valid', 'settled', 'active'].map((w) => en.card(w as 'valid')))).not.toContain('Valid');
    expect(en.payment('pending')).toBe('Unpaid');
    expect(en.invoice('invoice', 'paid')).toBe('Paid');
    expect(en.invoice('credit_note', 'paid')).toBe('Refunded');
    expect(et.invoice('credit_note', 'paid')).toBe('Tagastatud');
  });
});

// The grep: no screen may word a status anywhere but the table. Every source file,
// as text, keyed by its path from src ("/src/features/...").
const sources = import.meta.glob<string>('/src/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true });
const files = (under: string) => Object.keys(sources).filter((p) => p.startsWith(under));
const readFileSync = (path: string) => sources[path] ?? '';
// The operators' back office has its own columns (admin namespace), not these screens.
const consumer = (path: string) => !/\/(admin|generated)\//.test(path) && !/\.test\.tsx?$/.test(path);

describe('no status word outside the table', () => {
  it('no screen reads a status from another namespace', () => {
    const old = /['`](status\.(label|meaning|state)\.|method\.(label|meaning)\.|state\.\$\{)/;
    const offenders = files('/src/')
      .filter(consumer)
      .filter((p) => !p.includes('/locales/'))
      .filter((p) => old.test(readFileSync(p)));
    expect(offenders).toEqual([]);
  });

  it('the back office words the same states with the same words', () => {
    // admin.status is the operators' column of orders, payments and invoices; where it
    // names a state of this table it must say what the customer sees.
    for (const [lang, table] of [['en', enStatus], ['et', etStatus]] as const) {
      const admin = (lang === 'en' ? enAdmin : etAdmin).status as Record<string, string>;
      const differ = Object.entries(admin).flatMap(([state, word]) => {
        const ours = (table.order as Record<string, string>)[state] ?? (table.invoice as Record<string, string>)[state];
        return ours !== undefined && ours !== word ? [`${lang} admin.status.${state} = ${word}, status says ${ours}`] : [];
      });
      expect(differ).toEqual([]);
    }
  });

  it('no other text of the consumer screens is a bare status word', () => {
    // A text that is exactly a status word is a status shown from a second table. The
    // allowed ones ("namespace:key", by its last key) are not these statuses: the tab of
    // the active orders (the order word on purpose), and a reported problem's "open"
    // state, which is "Avatud" in Estonian like an opened locker.
    const allowed = new Set(['booking:active', 'help:open']);
    const words = (t: typeof enStatus) => new Set([...Object.values(t.order), ...Object.values(t.card), ...Object.values(t.payment), ...Object.values(t.invoice), ...Object.values(t.creditNote)]);
    for (const [lang, table] of [['en', enStatus], ['et', etStatus]] as const) {
      const statusWordsOf = words(table);
      const offenders: string[] = [];
      for (const path of files(`/src/locales/${lang}/`)) {
        const ns = path.replace(/^.*\/(\w+)\.ts$/, '$1');
        if (ns === 'status' || ns === 'admin') continue;
        const body = readFileSync(path);
        // Every "key: 'text'" of the file, one to a line or inline ({ title: '…', body: '…' }).
        for (const m of body.matchAll(/'?([\w-]+)'?: '([^']*)'/g)) {
          const key = `${ns}:${m[1]}`;
          if (statusWordsOf.has(m[2] ?? '') && !allowed.has(key)) offenders.push(`${lang} ${key} = ${m[2]}`);
        }
      }
      expect(offenders).toEqual([]);
    }
  });
});
