import { ComingSoon } from '@/components/coming-soon';

/** /orders — the feature arrives in a later version; until then an honest notice. */
export default function OrdersPage() {
  return <ComingSoon page="orders" />;
}
