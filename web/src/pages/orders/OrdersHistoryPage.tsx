import { ComingSoon } from '@/components/coming-soon';

/** /orders/history — the feature arrives in a later version; until then an honest notice. */
export default function OrdersHistoryPage() {
  return <ComingSoon page="ordersHistory" />;
}
