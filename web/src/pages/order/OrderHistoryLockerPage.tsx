import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page';
import { NotFoundState } from '@/components/page-states';
import { LockerDetail } from '@/features/booking/components/locker-detail';
import { OrderGate } from '@/features/booking/components/order-gate';

/** /order/history/:orderUuid/:orderLockerUuid — a past locker: what it was, when, the price and why it ended. */
export default function OrderHistoryLockerPage() {
  const { t } = useTranslation('booking');
  const { orderUuid = '', orderLockerUuid = '' } = useParams();
  return (
    <Page page="orderHistoryLocker">
      <OrderGate orderUuid={orderUuid}>
        {(order) => {
          const locker = order.lockers.find((l) => l.uuid === orderLockerUuid);
          return locker ? <LockerDetail order={order} locker={locker} /> : <NotFoundState message={t('locker.notFound')} back={{ to: '/orders/history', label: t('orders.history') }} />;
        }}
      </OrderGate>
    </Page>
  );
}
