import { useTranslation } from '@/i18n';
import type { OrderView } from '@/api/generated/app-router';
import { formatMoney } from '@/lib/money';
import { formatInstant } from '@/lib/format';

/** DueSummary says what paying buys now: the order itself, or an extension to a later end, and the amount with VAT. */
export function DueSummary({ order }: { order: OrderView }) {
  const { t, i18n } = useTranslation('payment');
  const p = order.payment;
  const x = order.pendingExtension;
  const what =
    p.dueFor === 'extension' && x
      ? t('due.extension', { time: formatInstant(x.end, order.station.timeZone, i18n.language) })
      : t('due.order', { station: order.station.name });
  return (
    <div className="grid gap-1">
      <p className="text-sm text-muted-foreground">{what}</p>
      <p className="text-3xl font-semibold tracking-tight" data-testid="due-amount">
        {formatMoney(p.dueCents, i18n.language)}
      </p>
      <p className="text-xs text-muted-foreground">{t('due.vat', { vat: formatMoney(p.dueVatCents, i18n.language) })}</p>
    </div>
  );
}
