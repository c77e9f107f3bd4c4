import { Page } from '@/components/page';
import { OrdersList, OrdersTabs } from '@/features/booking/components/orders-view';

/** The user's active orders, newest first; each opens its locker with codes. */
export default function OrdersActivePage() {
  return (
    <Page page="ordersActive">
      <OrdersTabs current="active" />
      <OrdersList scope="active" />
    </Page>
  );
}
