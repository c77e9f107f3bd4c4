import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n';
import type { OrderView } from '@/api/generated/app-router';
import { orderStatus } from '@/lib/status-words';
import { formatMoney, formatRange } from '@/lib/format';
import { lockerPath, productTitle, orderNextPath } from '../labels';
import { ProductIcon } from './product-icon';
import { StatusBadge } from './status-badge';

/**
 * OrderCard is one order in a list. Each of its lockers links to the locker screen
 * (codes, extend, cancel); a reserved order links back into booking flow 2.
 */
export function OrderCard({ order }: { order: OrderView }) {
  const { t, i18n } = useTranslation('booking');
  const tz = order.station.timeZone;
  const lockers = order.status === 'reserved' ? [] : order.lockers;
  return (
    <article data-order={order.uuid} className="overflow-hidden rounded-2xl border bg-card shadow-xs">
      <Link
        to={orderNextPath(order)}
        className="flex items-center gap-4 p-4 outline-none transition hover:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
      >
        <ProductIcon temperature={order.temperature} height={order.height} />
        <span className="grid min-w-0 flex-1 gap-1">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{order.station.name}</span>
            <StatusBadge label={orderStatus(order)} />
          </span>
          <span className="text-sm text-muted-foreground">
            {productTitle(t, order)} · {t(`product.temperature.${order.temperature}`)}
          </span>
          <span className="text-sm">{formatRange(order.start, order.end, tz, i18n.language)}</span>
        </span>
        <span className="hidden shrink-0 text-sm font-medium tabular-nums sm:block">
          {order.totalCents === 0 ? t('common.free') : formatMoney(order.totalCents, i18n.language)}
        </span>
        <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      </Link>
      {lockers.length > 1 && (
        <ul className="flex flex-wrap gap-2 border-t px-4 py-3">
          {lockers.map((l) => (
            <li key={l.uuid}>
              <Link to={lockerPath(order, l.uuid)} className="rounded-full border px-3 py-1 text-xs font-medium hover:bg-muted">
                {t('orders.lockerLabel', { label: l.label })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
