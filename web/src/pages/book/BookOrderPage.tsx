import { Clock } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from '@/i18n';
import { Card, Page } from '@/components/page';
import { Button, buttonVariants } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { CancelForm } from '@/features/booking/components/cancel-form';
import { ConfirmForm } from '@/features/booking/components/confirm-form';
import { OrderGate } from '@/features/booking/components/order-gate';
import { OrderSummary } from '@/features/booking/components/order-summary';
import { BookingSteps } from '@/features/booking/components/steps';
import { formatDateTime, formatMoney } from '@/lib/format';
import { bookAgainPath, orderNextPath } from '@/features/booking/labels';

/**
 * /book/:orderUuid — flow 2's one confirm screen for a reserved order (issue 46): price
 * lines with VAT, the coupon, the hold, then the terms and the button that books it.
 */
export default function BookOrderPage() {
  const { orderUuid = '' } = useParams();
  return (
    <Page page="bookOrder">
      <BookingSteps current="confirm" />
      <OrderGate orderUuid={orderUuid}>{(order) => <Summary orderUuid={orderUuid} order={order} />}</OrderGate>
    </Page>
  );
}

function Summary({ orderUuid, order }: { orderUuid: string; order: Parameters<typeof OrderSummary>[0]['order'] }) {
  const { t, i18n } = useTranslation('booking');
  const navigate = useNavigate();
  // Reserve answered an order the user held already (Back, a reload, another tab).
  const alreadyHeld = !!(useLocation().state as { alreadyHeld?: boolean } | null)?.alreadyHeld;
  const [cancelling, setCancelling] = useState(false);
  // The confirm form moves on to the done screen by itself once it has booked the order.
  const [leaving, setLeaving] = useState(false);
  // A confirmed order has nothing left to decide here: show its codes.
  if (!leaving && order.status !== 'reserved' && order.status !== 'unfinished' && order.status !== 'cancelled' && order.status !== 'unpaid') {
    return <Navigate to={orderNextPath(order)} replace />;
  }
  const tz = order.station.timeZone;
  return (
    <>
      {alreadyHeld && (order.status === 'reserved' || order.status === 'unpaid') && (
        <Notice tone="info" className="font-semibold">
          {t('order.alreadyHeld')}
        </Notice>
      )}
      <OrderSummary order={order} />
      {order.canConfirm && order.reservedUntil && (
        <Notice tone="info" className="flex items-center gap-2">
          <Clock className="size-4 shrink-0" aria-hidden="true" />
          {t('order.heldUntil', { time: formatDateTime(order.reservedUntil, tz, i18n.language) })}
        </Notice>
      )}
      {order.status === 'unpaid' && order.reservedUntil && (
        <Notice tone="warning">{t('done.unpaidBody', { time: formatDateTime(order.reservedUntil, tz, i18n.language) })}</Notice>
      )}
      {order.canPay && (
        <Link to={`/book/${orderUuid}/method`} className={buttonVariants({ size: 'lg', className: 'w-full sm:w-fit' })}>
          {t('done.pay', { amount: formatMoney(order.payment.dueCents, i18n.language) })}
        </Link>
      )}
      {!order.canConfirm && !leaving && order.status !== 'unpaid' && (
        <Card className="grid justify-items-start gap-3">
          {/* Ran out, or cancelled (the badge says which): only a lapsed hold "expired". */}
          <p className="font-medium">{order.status === 'unfinished' || order.status === 'reserved' ? t('order.holdExpired') : t('done.overBody')}</p>
          <Link to={bookAgainPath(order)} className={buttonVariants()} data-testid="book-again">
            {t('order.bookAgain')}
          </Link>
        </Card>
      )}
      {/* Kept while it moves on: the confirmed order no longer canConfirm, and an unmounted form would not navigate. */}
      {(order.canConfirm || leaving) && !cancelling && (
        <>
          <ConfirmForm order={order} onLeaving={setLeaving} />
          <Button variant="ghost" className="w-full sm:w-fit" disabled={leaving} onClick={() => setCancelling(true)}>
            {t('order.cancelReservation')}
          </Button>
        </>
      )}
      {cancelling && order.canCancel && (
        <Card>
          <CancelForm order={order} onKeep={() => setCancelling(false)} onCancelled={() => navigate('/orders/history')} />
        </Card>
      )}
    </>
  );
}
