import { Ticket } from 'lucide-react';
import { useTranslation } from '@/i18n';
import type { OrderView } from '@/api/generated/app-router';
import { orderStatus } from '@/lib/status-words';
import { Card } from '@/components/page';
import { couponName } from '../coupons';
import { formatDimensions, formatDuration, formatRange } from '@/lib/format';
import { productTitle } from '../labels';
import { PriceSummary } from './price-summary';
import { ProductIcon } from './product-icon';
import { StatusBadge } from './status-badge';

/** OrderSummary is flow 2's summary: where, what, when, the price lines with VAT and the coupon. */
export function OrderSummary({ order }: { order: OrderView }) {
  const { t, i18n } = useTranslation('booking');
  const tz = order.station.timeZone;
  const minutes = Math.round((new Date(order.end).getTime() - new Date(order.start).getTime()) / 60_000);
  const first = order.lockers[0];
  return (
    <Card className="grid gap-5">
      <div className="flex items-start gap-4">
        <ProductIcon temperature={order.temperature} height={order.height} />
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-semibold">{productTitle(t, order)}</p>
            <StatusBadge label={orderStatus(order)} />
          </div>
          <p className="text-sm text-muted-foreground">
            {t(`product.temperature.${order.temperature}`)}
            {first && <> · {t('product.dimensions', { size: formatDimensions(first.dimensions, i18n.language) })}</>}
          </p>
        </div>
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted-foreground">{t('order.station')}</dt>
          <dd className="font-medium">{order.station.name}</dd>
          <dd className="text-muted-foreground">
            {order.station.address}, {order.station.city}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('order.time')}</dt>
          <dd className="font-medium" data-testid="order-time">
            {formatRange(order.start, order.end, tz, i18n.language)}
          </dd>
          <dd className="text-muted-foreground">{formatDuration(minutes, i18n.language)}</dd>
        </div>
        {order.lockers.length > 0 && order.status !== 'reserved' && (
          <div>
            <dt className="text-muted-foreground">{t('order.locker')}</dt>
            <dd className="font-medium">{order.lockers.map((l) => l.label).join(', ')}</dd>
          </div>
        )}
      </dl>
      {/* A coupon given back on cancel no longer pays for anything: show it only while it does or will. */}
      {order.coupon && (order.coupon.used || order.status === 'reserved') && (
        <div className="flex items-start gap-3 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-950" data-testid="order-coupon">
          <Ticket className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-medium">
              {order.coupon.used
                ? t('order.couponUsed', { name: couponName(order.coupon, i18n.language) })
                : t('order.couponApplied', { name: couponName(order.coupon, i18n.language) })}
            </p>
            {!order.coupon.used && (
              <p>{t('order.couponLeft', { count: Math.max(0, order.coupon.remaining - 1) })}</p>
            )}
          </div>
        </div>
      )}
      {!order.coupon && order.totalCents > 0 && order.status === 'reserved' && (
        <p className="rounded-xl bg-muted px-4 py-3 text-sm text-muted-foreground">{t('order.noCoupon')}</p>
      )}
      <div className="grid gap-2">
        <h2 className="text-sm font-semibold">{t('order.price')}</h2>
        <PriceSummary order={order} />
      </div>
    </Card>
  );
}
