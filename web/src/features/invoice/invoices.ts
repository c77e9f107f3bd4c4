// What the invoice screens compute: whether invoices are still on their way, and
// the PDF address in the user's language.
import type { InvoiceView } from '@/api/generated/app-router';

export type InvoiceState = InvoiceView['state'];

/** The money an order's invoices must account for (its payment block). */
export interface Expected {
  paidCents: number;
  refundedCents: number;
}

/**
 * invoicesBehind: the order's payments or refunds are not all invoiced yet. The
 * server issues an invoice per payment and a credit note per refund a moment after
 * the money moved (an outbox), so a screen waits for them: every payment ever kept
 * or given back (paid + refunded) needs an invoice, every refund a credit note
 * (credit notes carry negative amounts).
 */
export function invoicesBehind(invoices: readonly InvoiceView[], expected: Expected): boolean {
  let invoiced = 0;
  let credited = 0;
  for (const inv of invoices) {
    if (inv.kind === 'invoice') invoiced += inv.grossCents;
    else credited += -inv.grossCents;
  }
  return invoiced < expected.paidCents + expected.refundedCents || credited < expected.refundedCents;
}

/** pdfHref is the signed PDF link with the app's language (the server prints en or et). */
export function pdfHref(pdfUrl: string, language: string): string {
  const lang = language.toLowerCase().startsWith('et') ? 'et' : 'en';
  try {
    const u = new URL(pdfUrl, window.location.origin);
    u.searchParams.set('lang', lang);
    return u.toString();
  } catch {
    return pdfUrl;
  }
}

/** stateTone colours an invoice's state: paid and settled are done deals, cancelled is crossed out. */
export function stateTone(state: InvoiceState): 'good' | 'wait' | 'done' {
  switch (state) {
    case 'paid':
    case 'settled':
      return 'good';
    case 'created':
      return 'wait';
    case 'cancelled':
      return 'done';
  }
}
