import { Clock, CreditCard } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n';
import { useStatusWords } from '@/lib/status-words';
import type { OrderView } from '@/api/generated/app-router';
import { Card } from '@/components/page';
import { buttonVariants } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { formatMoney } from '@/lib/money';
import { cn } from '@/lib/utils';
import { paymentStateTone, paymentInFlight } from '../states';
import { formatInstant } from '@/lib/format';
import { toneClasses } from './tones';

/**
 * PaymentStatus is the money side of an order on its screen: the latest payment's
 * state, what was paid and refunded, a processing payment that updates by itself,
 * and a "Pay" action while something is owed (the order itself or an extension).
 * It shows nothing for an order that never involved money. With payInBar the
 * page shows PayLink in its own action bar instead of the card's button.
 */
export function PaymentStatus({ order, payPath, payInBar = false }: { order: OrderView; payPath: string; payInBar?: boolean }) {
  const { t, i18n } = useTranslation('payment');
  const words = useStatusWords();
  const p = order.payment;
  const money = (c: number) => formatMoney(c, i18n.language);
  const tz = order.station.timeZone;
  const x = order.pendingExtension;
  // "Paid" is every payment made; the refunded part is shown next to it.
  if (p.state === null && p.paidCents === 0 && p.refundedCents === 0 && !order.canPay) return null;
  return (
    <Card className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3" data-testid="payment-status">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <CreditCard className="size-5 text-primary" aria-hidden="true" />
          {t('status.title')}
        </h2>
        {p.state && (
          <span
            data-payment-state={p.state}
            className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', toneClasses[paymentStateTone(p.state)])}
          >
            {words.payment(p.state)}
          </span>
        )}
      </div>
      {(p.paidCents > 0 || p.refundedCents > 0) && (
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div>
            <dt className="text-muted-foreground">{t('status.amountPaid')}</dt>
            <dd className="font-medium" data-testid="paid-amount">
              {money(p.paidCents + p.refundedCents)}
            </dd>
          </div>
          {p.refundedCents > 0 && (
            <div>
              <dt className="text-muted-foreground">{t('status.amountRefunded')}</dt>
              <dd className="font-medium" data-testid="refunded-amount">
                {money(p.refundedCents)}
              </dd>
            </div>
          )}
        </dl>
      )}
      {paymentInFlight(order) && (
        <Notice tone="info" className="flex items-center gap-2">
          <Spinner />
          {t('status.processing')}
        </Notice>
      )}
      {p.state === 'failed' && !order.canPay && <Notice tone="error">{t('status.declined')}</Notice>}
      {x && (
        <Notice tone="warning" className="flex items-start gap-2">
          <Clock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            {t('status.extensionWaits', {
              time: formatInstant(x.end, tz, i18n.language),
              amount: money(x.amountCents),
              until: formatInstant(x.holdUntil, tz, i18n.language),
            })}
          </span>
        </Notice>
      )}
      {order.canPay && !payInBar && <PayLink order={order} payPath={payPath} className="w-full sm:w-fit" />}
    </Card>
  );
}

/** PayLink is "Pay €x" for what the order owes, leading to its payment screen. */
export function PayLink({ order, payPath, className }: { order: OrderView; payPath: string; className?: string }) {
  const { t, i18n } = useTranslation('payment');
  return (
    <Link to={payPath} className={buttonVariants({ size: 'lg', className })} data-testid="pay-order">
      <CreditCard aria-hidden="true" />
      {t('status.pay', { amount: formatMoney(order.payment.dueCents, i18n.language) })}
    </Link>
  );
}
