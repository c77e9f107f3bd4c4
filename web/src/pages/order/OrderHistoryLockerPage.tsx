import { useParams } from 'react-router';
import { useTranslation } from '@/i18n';
import { Page } from '@/components/page';
import { NotFoundState } from '@/components/page-states';
import { LockerDetail } from '@/features/booking/components/locker-detail';
import { OrderGate } from '@/features/booking/components/order-gate';
import { InvoiceList } from '@/features/invoice/components/invoice-list';
import { OrderChanges } from '@/features/notifications/components/order-changes';
import { PaymentStatus } from '@/features/payment/components/payment-status';

/** /order/history/:orderUuid/:orderLockerUuid — a past locker: what it was, when, the price, the money and why it ended. */
export default function OrderHistoryLockerPage() {
  const { t } = useTranslation('booking');
  const { orderUuid = '', orderLockerUuid = '' } = useParams();
  return (
    <Page page="orderHistoryLocker">
      <OrderGate orderUuid={orderUuid}>
        {(order) => {
          const locker = order.lockers.find((l) => l.uuid === orderLockerUuid);
          return locker ? (
            <>
              <LockerDetail order={order} locker={locker} />
              <PaymentStatus order={order} payPath={`/order/${order.uuid}/payment`} />
              {/* Refunds are credited a moment after the cancel: the list waits for the credit notes. */}
              <InvoiceList orderUuid={order.uuid} expected={order.payment} />
              <OrderChanges orderUuid={order.uuid} />
            </>
          ) : (
            <NotFoundState message={t('locker.notFound')} back={{ to: '/orders/history', label: t('orders.history') }} />
          );
        }}
      </OrderGate>
    </Page>
  );
}
