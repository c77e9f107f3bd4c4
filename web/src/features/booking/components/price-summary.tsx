import { useTranslation } from '@/i18n';
import type { OrderView } from '@/api/generated/app-router';
import { formatCharged, formatMoney } from '@/lib/format';

/** PriceSummary lists an order's price lines, the total and the VAT inside it. */
export function PriceSummary({ order }: { order: OrderView }) {
  const { t, i18n } = useTranslation('booking');
  const money = (c: number) => formatMoney(c, i18n.language);
  return (
    <div className="grid gap-3" data-testid="price-summary">
      <dl className="grid gap-2 text-sm">
        {order.priceLines.map((l, i) => (
          <div key={i} className="flex items-baseline justify-between gap-4" data-line={l.kind}>
            <dt className="min-w-0">
              <span className="font-medium">{t(`order.lines.${l.kind}`)}</span>
              {l.kind === 'rental' && (
                <span className="text-muted-foreground">
                  {' '}
                  · {t('order.lineDetail', { quantity: l.quantity, duration: formatCharged(l.days, l.hours, i18n.language) })}
                </span>
              )}
            </dt>
            <dd className={l.amountCents < 0 ? 'font-medium text-emerald-700 tabular-nums' : 'tabular-nums'}>{money(l.amountCents)}</dd>
          </div>
        ))}
      </dl>
      <div className="flex items-baseline justify-between gap-4 border-t pt-3">
        <span className="font-semibold">{t('common.total')}</span>
        <span className="text-right">
          <span className="block text-lg font-semibold tabular-nums" data-testid="order-total">
            {order.totalCents === 0 ? `${t('common.free')} · ${money(0)}` : money(order.totalCents)}
          </span>
          <span className="block text-xs text-muted-foreground">
            {t('common.vatIncluded', { percent: order.vatPercent, amount: money(order.vatCents) })}
          </span>
        </span>
      </div>
    </div>
  );
}
