import { Page } from '@/components/page';
import { OrdersList, OrdersTabs } from '@/features/booking/components/orders-view';

/** The user's history orders, newest first; each opens its locker with codes. */
export default function HistoryPage() {
  return (
    <Page page="history">
      <OrdersTabs current="history" />
      <OrdersList scope="history" />
    </Page>
  );
}
