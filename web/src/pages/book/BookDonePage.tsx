import { CheckCircle2, Hourglass, XCircle } from 'lucide-react';
import { useEffect } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from '@/i18n';
import type { OrderView } from '@/api/generated/app-router';
import { Card, Page } from '@/components/page';
import { buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { CodeCard } from '@/features/booking/components/code-card';
import { OrderGate } from '@/features/booking/components/order-gate';
import { OrderSummary } from '@/features/booking/components/order-summary';
import { formatDateTime, formatMoney } from '@/lib/format';
import { forgetDraftOrder } from '@/features/booking/draft-key';
import { bookAgainPath, lockerPath } from '@/features/booking/labels';
import { OpenDoorLink } from '@/features/doors/components/open-door-link';
import { useDoorWindow } from '@/features/doors/door-window';
import { InvoiceList } from '@/features/invoice/components/invoice-list';
import { cn } from '@/lib/utils';
import { doneOutcome } from './done-outcome';

/** /book/:orderUuid/done — the end of flow 2: booked with its codes, paying, declined, or waiting for payment. */
export default function BookDonePage() {
  const { orderUuid = '' } = useParams();
  return (
    <Page page="bookDone">
      {/* Processing updates by itself (spec §4): poll while the provider answers. */}
      <OrderGate orderUuid={orderUuid} pollWhilePending>
        {(order) => <Done order={order} />}
      </OrderGate>
    </Page>
  );
}

const looks = {
  booked: { icon: CheckCircle2, card: 'border-emerald-200 bg-emerald-50', iconClass: 'text-emerald-700' },
  processing: { icon: Hourglass, card: 'border-amber-200 bg-amber-50', iconClass: 'text-amber-700' },
  unpaid: { icon: Hourglass, card: 'border-amber-200 bg-amber-50', iconClass: 'text-amber-700' },
  declined: { icon: XCircle, card: 'border-destructive/30 bg-destructive/5', iconClass: 'text-destructive' },
  over: { icon: XCircle, card: '', iconClass: 'text-muted-foreground' },
} as const;

function Done({ order }: { order: OrderView }) {
  const { t, i18n } = useTranslation('booking');
  const outcome = doneOutcome(order);
  const doorNow = useDoorWindow(order) === 'now' && outcome === 'booked';
  // Booked: its draft is done with; reserving it again is a new booking (issue 26).
  useEffect(() => {
    if (outcome === 'booked') forgetDraftOrder(order.uuid);
  }, [outcome, order.uuid]);
  if (order.status === 'reserved') return <Navigate to={`/book/${order.uuid}`} replace />;
  // Declined while the hold lasts: the payment step offers the other ways at once.
  if (outcome === 'declined' && order.canPay) return <Navigate to={`/book/${order.uuid}/method`} replace />;
  const look = looks[outcome];
  const Icon = look.icon;
  const first = order.lockers[0];
  const tz = order.station.timeZone;
  const body = {
    booked: t('done.bookedBody'),
    processing: t('done.processingBody'),
    unpaid: t('done.unpaidBody', { time: order.reservedUntil ? formatDateTime(order.reservedUntil, tz, i18n.language) : '—' }),
    declined: t('done.declinedBody'),
    over: t('done.overBody'),
  }[outcome];
  return (
    <>
      <Card className={cn('grid gap-2', look.card)}>
        <div className="flex items-center gap-3" role={outcome === 'declined' ? 'alert' : 'status'}>
          {outcome === 'processing' ? <Spinner className="size-7 shrink-0 text-amber-700" /> : <Icon className={cn('size-7 shrink-0', look.iconClass)} aria-hidden="true" />}
          <p className="text-lg font-semibold" data-testid="done-title" data-outcome={outcome}>
            {t(`done.${outcome}`)}
          </p>
        </div>
        <p className="text-sm">{body}</p>
      </Card>
      {/* Booked and running: the door is the next thing to do (issue 28); before the start it says when. */}
      {outcome === 'booked' && first && (
        <div className="grid sm:flex" data-testid="done-door">
          <OpenDoorLink lockerRef={{ orderUuid: order.uuid, orderLockerUuid: first.uuid }} order={order} />
        </div>
      )}
      {outcome === 'booked' && first && (
        <div className="grid gap-3 sm:grid-cols-2">
          <CodeCard kind="delivery" code={first.deliveryCode} timeZone={tz} />
          <CodeCard kind="picking" code={first.pickingCode} timeZone={tz} />
        </div>
      )}
      <OrderSummary order={order} />
      {order.payment.paidCents > 0 && <InvoiceList orderUuid={order.uuid} expected={order.payment} />}
      <div className="flex flex-col gap-2 sm:flex-row">
        {order.canPay && (
          <Link to={`/book/${order.uuid}/method`} className={buttonVariants({ size: 'lg' })} data-testid="pay-order">
            {t('done.pay', { amount: formatMoney(order.payment.dueCents, i18n.language) })}
          </Link>
        )}
        {outcome === 'declined' || outcome === 'over' ? (
          <Link to={bookAgainPath(order)} className={buttonVariants({ size: 'lg' })} data-testid="book-again">
            {t('order.bookAgain')}
          </Link>
        ) : (
          first && (
            <Link to={lockerPath(order, first.uuid)} className={buttonVariants({ size: 'lg', variant: order.canPay || doorNow ? 'outline' : 'default' })}>
              {t('order.viewOrder')}
            </Link>
          )
        )}
        <Link to="/" className={buttonVariants({ size: 'lg', variant: 'outline' })}>
          {t('done.toHome')}
        </Link>
      </div>
    </>
  );
}
