import { ComingSoon } from '@/components/coming-soon';

/** /admin/coupons — the feature arrives in a later version; until then an honest notice. */
export default function AdminCouponsPage() {
  return <ComingSoon page="adminCoupons" />;
}
