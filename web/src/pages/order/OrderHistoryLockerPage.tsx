import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page';
import { LockerDetail } from '@/features/booking/components/locker-detail';
import { OrderGate } from '@/features/booking/components/order-gate';
import { ErrorState } from '@/features/booking/components/states';

/** /order/history/:orderUuid/:orderLockerUuid — a past locker: what it was, when, the price and why it ended. */
export default function OrderHistoryLockerPage() {
  const { t } = useTranslation('booking');
  const { orderUuid = '', orderLockerUuid = '' } = useParams();
  return (
    <Page page="orderHistoryLocker">
      <OrderGate orderUuid={orderUuid}>
        {(order) => {
          const locker = order.lockers.find((l) => l.uuid === orderLockerUuid);
          return locker ? <LockerDetail order={order} locker={locker} /> : <ErrorState message={t('locker.notFound')} />;
        }}
      </OrderGate>
    </Page>
  );
}
