import { Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from '@/i18n';
import type { OrderView } from '@/api/generated/app-router';
import { Page } from '@/components/page';
import { OrderGate } from '@/features/booking/components/order-gate';
import { lockerPath } from '@/features/booking/labels';
import { NothingToPay } from '@/features/payment/components/nothing-to-pay';
import { PayChoices } from '@/features/payment/components/pay-choices';
import { paymentInFlight } from '@/features/payment/states';

/**
 * /order/:orderUuid/payment — pays what an order owes now: its price while unpaid,
 * or the price difference of a pending extension (the new end holds only once it is
 * paid). A saved card in one tap, another card, a new card, or a one-time link.
 */
export default function OrderPaymentPage() {
  const { orderUuid = '' } = useParams();
  return (
    <Page page="orderPayment">
      <OrderGate orderUuid={orderUuid}>{(order) => <Pay order={order} />}</OrderGate>
    </Page>
  );
}

function Pay({ order }: { order: OrderView }) {
  const { t } = useTranslation('payment');
  const navigate = useNavigate();
  const lockerUuid = order.pendingExtension?.orderLockerUuid ?? order.lockers[0]?.uuid;
  const orderPath = lockerUuid ? lockerPath(order, lockerUuid) : `/book/${order.uuid}/done`;
  // A charge under way: the order's screen follows it and updates by itself.
  if (paymentInFlight(order)) return <Navigate to={orderPath} replace />;
  if (!order.canPay || !lockerUuid) return <NothingToPay order={order} next={{ to: orderPath, label: t('book.toOrder') }} />;
  return (
    <PayChoices
      order={order}
      linkPath={`/order/${order.uuid}/${lockerUuid}/one-off`}
      onCharged={() => navigate(orderPath)}
    />
  );
}
