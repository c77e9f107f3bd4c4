import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '@/components/page';
import { NotFoundState } from '@/components/page-states';
import { LockerDetail } from '@/features/booking/components/locker-detail';
import { OrderGate } from '@/features/booking/components/order-gate';

/** /order/:orderUuid/:orderLockerUuid — status, codes, extend and cancel of one locker. */
export default function OrderLockerPage() {
  const { t } = useTranslation('booking');
  const { orderUuid = '', orderLockerUuid = '' } = useParams();
  return (
    <Page page="orderLocker">
      {/* Statuses move with time and at the station; keep them fresh while the screen is open. */}
      <OrderGate orderUuid={orderUuid} refetchInterval={30_000} pollWhilePending>
        {(order) => {
          const locker = order.lockers.find((l) => l.uuid === orderLockerUuid);
          return locker ? <LockerDetail order={order} locker={locker} /> : <NotFoundState message={t('locker.notFound')} back={{ to: '/orders/active', label: t('orders.active') }} />;
        }}
      </OrderGate>
    </Page>
  );
}
