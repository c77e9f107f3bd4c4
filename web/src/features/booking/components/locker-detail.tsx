import { CalendarClock, KeyRound, XCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '@/i18n';
import type { OrderLockerView, OrderView } from '@/api/generated/app-router';
import { Card } from '@/components/page';
import { Button, buttonVariants } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { noteText } from '../cancel-notes';
import { formatDateTime, formatMoney, formatRange, zoneName } from '../format';
import { isHistory, productTitle } from '../labels';
import { CancelForm } from './cancel-form';
import { CodeCard } from './code-card';
import { OrderSummary } from './order-summary';
import { StatusBadge, StatusExplained } from './status-badge';

/**
 * LockerDetail is an order locker: its status with the meaning of spec §4, the
 * delivery and picking codes (or the codes panel a page passes in), and the extend and cancel actions the order allows.
 */
export function LockerDetail({ order, locker, codes }: { order: OrderView; locker: OrderLockerView; codes?: ReactNode }) {
  const { t, i18n } = useTranslation('booking');
  const navigate = useNavigate();
  const [cancelling, setCancelling] = useState(false);
  const location = useLocation();
  // Set by the cancel form when it moves here from the active locker's screen.
  const cancelState = location.state as { cancelled?: boolean; refundedCents?: number } | null;
  const cancelledNow = cancelState?.cancelled === true;
  const refundedNow = cancelState?.refundedCents ?? 0;
  const tz = order.station.timeZone;
  const past = isHistory(order);
  // No codes before the order is paid: they would open nothing yet.
  const waitsForPayment = order.status === 'reserved' || order.status === 'unpaid' || order.status === 'processing';
  return (
    <div className="grid gap-5">
      <Card className="grid gap-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <p className="text-sm text-muted-foreground">{order.station.name}</p>
            <p className="text-xl font-semibold">{t('orders.lockerLabel', { label: locker.label })}</p>
            <p className="text-sm text-muted-foreground">
              {productTitle(t, order)} · {t(`product.temperature.${order.temperature}`)}
            </p>
          </div>
          <CalendarClock className="size-6 text-muted-foreground" aria-hidden="true" />
        </div>
        <div className="grid gap-2" data-testid="order-status">
          <h2 className="text-sm font-semibold">{t('locker.status')}</h2>
          <StatusExplained label={order.label} />
          {!past && !waitsForPayment && (
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <StatusBadge label={locker.status} />
              <span className="text-sm text-muted-foreground">{t(`status.meaning.${locker.status}`)}</span>
            </div>
          )}
          {locker.opened && <StatusExplained label="opened" />}
        </div>
        <p className="text-sm">
          <span className="font-medium" data-testid="locker-time">
            {formatRange(locker.start, locker.end, tz, i18n.language)}
          </span>{' '}
          <span className="text-muted-foreground">({zoneName(locker.end, tz, i18n.language)})</span>
        </p>
        {order.cancelNote && <p className="text-sm text-muted-foreground">{t('locker.cancelNote', { note: noteText(t, order.cancelNote) })}</p>}
      </Card>

      {cancelledNow && (
        <Notice tone="success">
          {refundedNow > 0 ? t('cancel.doneRefunded', { amount: formatMoney(refundedNow, i18n.language) }) : t('cancel.done')}
        </Notice>
      )}

      {!past && !waitsForPayment && codes}
      {!past && !waitsForPayment && !codes && (
        <section className="grid gap-3" aria-labelledby="locker-codes">
          <h2 id="locker-codes" className="flex items-center gap-2 text-lg font-semibold">
            <KeyRound className="size-5 text-primary" aria-hidden="true" />
            {t('locker.codes')}
          </h2>
          <div className="grid gap-3 sm:grid-cols-2">
            <CodeCard kind="delivery" code={locker.deliveryCode} timeZone={tz} />
            <CodeCard kind="picking" code={locker.pickingCode} timeZone={tz} />
          </div>
          <p className="text-sm text-muted-foreground">{t('locker.openHint')}</p>
        </section>
      )}

      {!cancelling && (order.canExtend || order.canCancel) && (
        <div className="flex flex-col gap-2 sm:flex-row">
          {order.canExtend && (
            <Link to={`/order/${order.uuid}/${locker.uuid}/extend`} className={buttonVariants({ size: 'lg' })}>
              <CalendarClock aria-hidden="true" />
              {t('locker.extend')}
            </Link>
          )}
          {order.canCancel && (
            <Button variant="outline" size="lg" onClick={() => setCancelling(true)}>
              <XCircle aria-hidden="true" />
              {t('locker.cancel')}
            </Button>
          )}
        </div>
      )}
      {cancelling && (
        <Card>
          <CancelForm
            order={order}
            onKeep={() => setCancelling(false)}
            onCancelled={(o) => {
              setCancelling(false);
              navigate(`/order/history/${o.uuid}/${locker.uuid}`, {
                replace: true,
                state: { cancelled: true, refundedCents: o.status === 'refunded' ? o.payment.refundedCents : 0 },
              });
            }}
          />
        </Card>
      )}

      <OrderSummary order={order} />
      <p className="text-xs text-muted-foreground">{t('locker.created', { time: formatDateTime(order.createdAt, tz, i18n.language) })}</p>
    </div>
  );
}
