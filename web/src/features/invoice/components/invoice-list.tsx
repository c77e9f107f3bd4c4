import { useQuery } from '@tanstack/react-query';
import { FileDown, FileText, ReceiptText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n';
import { useStatusWords } from '@/lib/status-words';
import type { InvoiceView } from '@/api/generated/app-router';
import { Card } from '@/components/page';
import { EmptyState, ErrorState, InlineLoading, LoadingState } from '@/components/page-states';
import { buttonVariants } from '@/components/ui/button';
import { formatMoney } from '@/lib/money';
import { cn } from '@/lib/utils';
import { invoicesQuery } from '../api';
import { invoicesBehind, pdfHref, stateTone, type Expected } from '../invoices';
import { formatDate, productZone } from '@/lib/format';

const tones = {
  good: 'bg-emerald-100 text-emerald-900',
  wait: 'bg-amber-100 text-amber-900',
  done: 'bg-muted text-muted-foreground',
} as const;

interface InvoiceListProps {
  /** One order's invoices; without it all of the user's. */
  orderUuid?: string;
  /** The order's payment block: the list waits until every payment and refund is invoiced. */
  expected?: Expected;
}

/**
 * InvoiceList shows invoices and credit notes (number, date, state, amount) with a
 * PDF download in the user's language. For one order it stays out of the way of a
 * free order and waits, politely, for invoices still being issued.
 */
export function InvoiceList({ orderUuid, expected }: InvoiceListProps) {
  const { t } = useTranslation('invoice');
  const q = useQuery({
    ...invoicesQuery(orderUuid),
    refetchInterval: (query) => (expected && query.state.data && invoicesBehind(query.state.data, expected) ? 2000 : 5 * 60_000),
  });
  const behind = !!expected && !!q.data && invoicesBehind(q.data, expected);
  const titled = (body: ReactNode) => (
    <section className="grid gap-3" aria-labelledby={`invoices-${orderUuid ?? 'all'}`} data-testid="invoices">
      <h2 id={`invoices-${orderUuid ?? 'all'}`} className="flex items-center gap-2 text-lg font-semibold">
        <ReceiptText className="size-5 text-primary" aria-hidden="true" />
        {t('title')}
      </h2>
      {body}
    </section>
  );

  if (q.isPending) return orderUuid ? null : titled(<LoadingState rows={2} />);
  if (q.isError) return titled(<ErrorState onRetry={() => void q.refetch()} />);
  if (q.data.length === 0 && !behind) {
    if (orderUuid) return null; // a free order has no invoices, and needs no word about it
    return titled(
      <EmptyState
        message={t('empty')}
        action={
          <Link to="/book" className={buttonVariants()}>
            {t('bookFirst')}
          </Link>
        }
      />,
    );
  }
  return titled(
    <>
      {q.data.length > 0 && (
        <ul className="divide-y overflow-hidden rounded-2xl border bg-card shadow-xs">
          {q.data.map((inv) => (
            <li key={inv.uuid}>
              <InvoiceRow invoice={inv} />
            </li>
          ))}
        </ul>
      )}
      {behind && (
        <Card className="py-4">
          <InlineLoading label={t('issuing')} />
        </Card>
      )}
    </>,
  );
}

function InvoiceRow({ invoice }: { invoice: InvoiceView }) {
  const { t, i18n } = useTranslation('invoice');
  const words = useStatusWords();
  const credit = invoice.kind === 'credit_note';
  const issued = formatDate(invoice.issuedAt, productZone, i18n.language); // the seller's date, as on the PDF
  const kind = credit ? t('kind.credit_note') : t('kind.invoice');
  return (
    <div className="flex gap-3 px-4 py-3 md:px-5" data-invoice={invoice.number} data-invoice-kind={invoice.kind}>
      <span className={cn('grid size-9 shrink-0 place-items-center rounded-lg', credit ? 'bg-amber-100 text-amber-900' : 'bg-primary/10 text-primary')}>
        <FileText className="size-[18px]" aria-hidden="true" />
      </span>
      <div className="grid min-w-0 flex-1 gap-1.5">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <p className="font-medium">
            {kind} <span className="whitespace-nowrap tabular-nums">{invoice.number}</span>
          </p>
          <span className="font-semibold whitespace-nowrap tabular-nums" data-testid="invoice-gross">
            {formatMoney(invoice.grossCents, i18n.language)}
          </span>
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-muted-foreground">
          <span>
            {issued}
            {invoice.credits && <> · {t('credits', { number: invoice.credits.number })}</>}
          </span>
          <span
            data-invoice-state={invoice.state}
            className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', tones[stateTone(invoice.state)])}
          >
            {words.invoice(invoice.kind, invoice.state)}
          </span>
          <a
            href={pdfHref(invoice.pdfUrl, i18n.language)}
            className={buttonVariants({ variant: 'outline', size: 'sm', className: 'ml-auto' })}
            aria-label={t('pdfOf', { kind, number: invoice.number })}
            data-testid="invoice-pdf"
            download
          >
            <FileDown aria-hidden="true" />
            PDF
          </a>
        </div>
      </div>
    </div>
  );
}
