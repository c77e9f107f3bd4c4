import { useQuery } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { useTranslation } from '@/i18n';
import type { OrderView } from '@/api/generated/app-router';
import { stationQuery } from '../api';
import { formatMoney } from '@/lib/format';
import { sameProduct } from '../labels';
import { priceParts, type Rate } from '../price';

interface BillingRuleProps {
  rate: Rate;
  /** The booked duration, as the server will book it. */
  minutes: number;
  /** The server's price for it; the breakdown is shown only when the rule gives the same (no coupon or special price in between). */
  priceCents: number;
}

/**
 * BillingRule says how a booking is charged before it is paid (issue 28): per started
 * hour, at most the daily price per 24 hours, and how this booking's price comes
 * about by that rule (features/booking/price.ts, the server's rule).
 */
export function BillingRule({ rate, minutes, priceCents }: BillingRuleProps) {
  const { t, i18n } = useTranslation('booking');
  const money = (c: number) => formatMoney(c, i18n.language);
  const daily = money(rate.dailyCents);
  const hourly = money(rate.hourlyCents);
  const p = priceParts(rate, minutes);
  const parts: string[] = [];
  if (p.days > 0) parts.push(t('billing.days', { count: p.days, daily }));
  if (p.hours > 0) parts.push(p.capped ? t('billing.capped', { count: p.hours, daily }) : t('billing.hours', { count: p.hours, hourly }));
  const explained = parts.length > 0 && p.cents === priceCents;
  return (
    <div className="flex items-start gap-2 text-xs text-muted-foreground" data-testid="billing-rule">
      <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
      <p>
        {t('billing.rule', { hourly, daily })}
        {explained && (
          <>
            {' '}
            <span data-testid="billing-breakdown">{t('billing.thisBooking', { parts: parts.join(' + '), total: money(p.cents) })}</span>
          </>
        )}
      </p>
    </div>
  );
}

/** OrderBillingRule is BillingRule for a reserved order: the rate is its station's for its kind of locker. */
export function OrderBillingRule({ order }: { order: OrderView }) {
  const station = useQuery(stationQuery(order.station.uuid));
  const rate = station.data?.products.find((p) => sameProduct(p, order));
  const rental = order.priceLines.find((l) => l.kind === 'rental');
  if (!rate || !rental) return null;
  const minutes = Math.round((new Date(order.end).getTime() - new Date(order.start).getTime()) / 60_000);
  return <BillingRule rate={rate} minutes={minutes} priceCents={Math.round(rental.amountCents / Math.max(rental.quantity, 1))} />;
}
