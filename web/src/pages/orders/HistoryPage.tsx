import { Page } from '@/components/page';
import { OrdersList, OrdersTabs } from '@/features/booking/components/orders-view';
import { InvoiceList } from '@/features/invoice/components/invoice-list';

/** The user's history orders, newest first (each opens its locker with codes), then every invoice and credit note. */
export default function HistoryPage() {
  return (
    <Page page="history">
      <OrdersTabs current="history" />
      <OrdersList scope="history" />
      <InvoiceList />
    </Page>
  );
}
