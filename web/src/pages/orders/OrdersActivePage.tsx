import { ComingSoon } from '@/components/coming-soon';

/** /orders/active — the feature arrives in a later version; until then an honest notice. */
export default function OrdersActivePage() {
  return <ComingSoon page="ordersActive" />;
}
