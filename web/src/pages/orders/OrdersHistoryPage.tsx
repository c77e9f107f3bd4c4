import { Page } from '@/components/page';
import { OrdersList, OrdersTabs } from '@/features/booking/components/orders-view';

/** The user's history orders, newest first; each opens its locker with codes. */
export default function OrdersHistoryPage() {
  return (
    <Page page="ordersHistory">
      <OrdersTabs current="history" />
      <OrdersList scope="history" />
    </Page>
  );
}
