import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from '@/i18n';
import type { OrderLockerView, OrderView } from '@/api/generated/app-router';
import { Page } from '@/components/page';
import { NotFoundState } from '@/components/page-states';
import { LockerDetail } from '@/features/booking/components/locker-detail';
import { orderQuery } from '@/features/booking/api';
import { CodesPanel } from '@/features/doors/components/codes-panel';
import { OfflineCodes } from '@/features/doors/components/offline-codes';
import { OpenDoorLink } from '@/features/doors/components/open-door-link';
import { OrderGate } from '@/features/booking/components/order-gate';
import { InvoiceList } from '@/features/invoice/components/invoice-list';
import { OrderChanges } from '@/features/notifications/components/order-changes';
import { ReportProblem } from '@/features/issues/report-problem';
import { PaymentStatus, PayLink } from '@/features/payment/components/payment-status';
import { paymentInFlight } from '@/features/payment/states';
import { useOnline } from '@/lib/online';

/** /order/:orderUuid/:orderLockerUuid — status, codes, payment, invoices, extend and cancel of one locker, and reporting a problem with it. */
export default function OrderLockerPage() {
  const { t } = useTranslation('booking');
  const { orderUuid = '', orderLockerUuid = '' } = useParams();
  const online = useOnline();
  const loaded = useQuery({ ...orderQuery(orderUuid), enabled: false }).data !== undefined;
  return (
    <Page page="orderLocker">
      {/* Offline before the order ever loaded: the codes kept on the device (issue 26). */}
      {!online && !loaded && <OfflineCodes orderLockerUuid={orderLockerUuid} />}
      {/* Statuses move with time and at the station; keep them fresh while the screen is open. */}
      <OrderGate orderUuid={orderUuid} refetchInterval={30_000} pollWhilePending>
        {(order) => {
          const locker = order.lockers.find((l) => l.uuid === orderLockerUuid);
          return locker ? <OrderLocker order={order} locker={locker} /> : <NotFoundState message={t('locker.notFound')} back={{ to: '/orders', label: t('order.toOrders') }} />;
        }}
      </OrderGate>
    </Page>
  );
}

function OrderLocker({ order, locker }: { order: OrderView; locker: OrderLockerView }) {
  // Something to pay or a payment under way comes first; otherwise the money follows the locker.
  const urgent = order.canPay || paymentInFlight(order);
  const payPath = `/order/${order.uuid}/payment`;
  const lockerRef = { orderUuid: order.uuid, orderLockerUuid: locker.uuid };
  // "Pay" lives in the sticky action bar with the door and Extend, not in the payment card.
  const payment = <PaymentStatus order={order} payPath={payPath} payInBar />;
  return (
    <>
      {urgent && payment}
      <LockerDetail
        order={order}
        locker={locker}
        codes={<CodesPanel lockerRef={lockerRef} timeZone={order.station.timeZone} />}
        doorAction={<OpenDoorLink lockerRef={lockerRef} order={order} />}
        payAction={<PayLink order={order} payPath={payPath} className="flex-1 sm:flex-none" />}
      />
      {!urgent && payment}
      <InvoiceList orderUuid={order.uuid} expected={order.payment} />
      <OrderChanges orderUuid={order.uuid} />
      <ReportProblem orderLockerUuid={locker.uuid} label={locker.label} station={order.station.name} />
    </>
  );
}
