import { ComingSoon } from '@/components/coming-soon';

/** /admin/orders — the feature arrives in a later version; until then an honest notice. */
export default function AdminOrdersPage() {
  return <ComingSoon page="adminOrders" />;
}
