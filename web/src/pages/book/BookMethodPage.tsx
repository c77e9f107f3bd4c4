import { Clock } from 'lucide-react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from '@/i18n';
import type { OrderView } from '@/api/generated/app-router';
import { Page } from '@/components/page';
import { Notice } from '@/components/ui/notice';
import { OrderGate } from '@/features/booking/components/order-gate';
import { BookingSteps } from '@/features/booking/components/steps';
import { formatDateTime } from '@/lib/format';
import { bookAgainPath } from '@/features/booking/labels';
import { NothingToPay } from '@/features/payment/components/nothing-to-pay';
import { PayChoices } from '@/features/payment/components/pay-choices';
import { paymentInFlight } from '@/features/payment/states';

/**
 * /book/:orderUuid/method — how to pay a confirmed order: one tap with the default
 * card, another card, a new card, or a one-time payment link. A new card is added
 * from here and comes back here to pay (issue 28), without the cards screens between.
 */
export default function BookMethodPage() {
  const { orderUuid = '' } = useParams();
  return (
    <Page page="bookMethod">
      <BookingSteps current="confirm" />
      <OrderGate orderUuid={orderUuid}>{(order) => <Method order={order} />}</OrderGate>
    </Page>
  );
}

function Method({ order }: { order: OrderView }) {
  const { t, i18n } = useTranslation('payment');
  const navigate = useNavigate();
  const base = `/book/${order.uuid}`;
  // A charge under way or done: the done screen follows it.
  if (paymentInFlight(order) || (!order.canPay && ['booked', 'active', 'extended'].includes(order.status))) {
    return <Navigate to={`${base}/done`} replace />;
  }
  if (!order.canPay) {
    return <NothingToPay order={order} next={{ to: bookAgainPath(order), label: t('nothing.bookAgain') }} />;
  }
  // The last payment was declined: the order still waits (issue 26), so the other ways are offered at once.
  const declined = order.payment.state === 'failed' && order.payment.dueFor === 'order';
  const heldUntil = order.reservedUntil ? formatDateTime(order.reservedUntil, order.station.timeZone, i18n.language) : null;
  return (
    <>
      {declined ? (
        <Notice tone="error" className="grid gap-1">
          <span className="font-semibold" data-testid="payment-declined">
            {t('book.declined')}
          </span>
          <span className="font-normal">{heldUntil ? t('book.declinedHeld', { time: heldUntil }) : t('book.declinedOther')}</span>
        </Notice>
      ) : (
        heldUntil && (
          <Notice tone="info" className="flex items-center gap-2">
            <Clock className="size-4 shrink-0" aria-hidden="true" />
            {t('book.heldUntil', { time: heldUntil })}
          </Notice>
        )
      )}
      <PayChoices
        order={order}
        unfoldCards={declined}
        linkPath={`${base}/prepare`}
        cardsPath={`${base}/payments`}
        onCharged={() => navigate(`${base}/done`)}
      />
    </>
  );
}
