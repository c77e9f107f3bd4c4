import { useQuery } from '@tanstack/react-query';
import { Page } from '@/components/page';
import { ordersQuery } from '@/features/booking/api';
import { OrdersList, OrdersTabs } from '@/features/booking/components/orders-view';
import { OfflineCodes } from '@/features/doors/components/offline-codes';
import { useOnline } from '@/lib/online';

/** The user's active orders, newest first; each opens its locker with codes. */
export default function OrdersActivePage() {
  const online = useOnline();
  const loaded = useQuery({ ...ordersQuery('active'), enabled: false }).data !== undefined;
  return (
    <Page page="ordersActive">
      <OrdersTabs current="active" />
      {/* Offline before the list ever loaded: the codes kept on the device (issue 26). */}
      {!online && !loaded && <OfflineCodes />}
      <OrdersList scope="active" />
    </Page>
  );
}
