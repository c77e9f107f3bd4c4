import { describe, expect, it } from 'vitest';
import type { InvoiceView } from '@/api/generated/app-router';
import { invoicesBehind, pdfHref, stateTone } from './invoices';

function inv(kind: InvoiceView['kind'], grossCents: number): InvoiceView {
  return {
    uuid: `${kind}-${grossCents}`,
    number: '2026-000001',
    kind,
    state: 'paid',
    orderUuid: 'o1',
    paymentUuid: 'p1',
    refundUuid: null,
    credits: null,
    currency: 'EUR',
    vatPercent: 24,
    netCents: 0,
    vatCents: 0,
    grossCents,
    lines: [],
    issuedAt: '2026-05-01T10:00:00Z',
    paidAt: '2026-05-01T10:00:00Z',
    settledAt: null,
    cancelledAt: null,
    pdfUrl: 'http://localhost/invoices/x.pdf?exp=1&sig=abc',
  };
}

describe('invoicesBehind', () => {
  const cases: Array<[string, InvoiceView[], { paidCents: number; refundedCents: number }, boolean]> = [
    ['a free order needs none', [], { paidCents: 0, refundedCents: 0 }, false],
    ['a payment not invoiced yet', [], { paidCents: 1240, refundedCents: 0 }, true],
    ['the payment invoiced', [inv('invoice', 1240)], { paidCents: 1240, refundedCents: 0 }, false],
    ['an extension not invoiced yet', [inv('invoice', 1240)], { paidCents: 1740, refundedCents: 0 }, true],
    ['order and extension invoiced', [inv('invoice', 500), inv('invoice', 1240)], { paidCents: 1740, refundedCents: 0 }, false],
    ['refunded, credit note on its way', [inv('invoice', 1240)], { paidCents: 0, refundedCents: 1240 }, true],
    ['refunded and credited', [inv('credit_note', -1240), inv('invoice', 1240)], { paidCents: 0, refundedCents: 1240 }, false],
    ['one of two refunds credited', [inv('credit_note', -500), inv('invoice', 500), inv('invoice', 1240)], { paidCents: 0, refundedCents: 1740 }, true],
  ];
  for (const [name, list, expected, want] of cases) {
    it(`${name}: ${want}`, () => {
      expect(invoicesBehind(list, expected)).toBe(want);
    });
  }
});

describe('pdfHref', () => {
  it('keeps the signature and adds the language', () => {
    const got = new URL(pdfHref('http://localhost/invoices/x.pdf?exp=1&sig=abc', 'et'));
    expect(got.pathname).toBe('/invoices/x.pdf');
    expect(Object.fromEntries(got.searchParams)).toEqual({ exp: '1', sig: 'abc', lang: 'et' });
    expect(new URL(pdfHref('http://localhost/invoices/x.pdf?lang=et', 'en-US')).searchParams.get('lang')).toBe('en');
  });
});

describe('stateTone', () => {
  it('colours the invoice states', () => {
    expect((['created', 'paid', 'settled', 'cancelled'] as const).map(stateTone)).toEqual(['wait', 'good', 'good', 'done']);
  });
});
