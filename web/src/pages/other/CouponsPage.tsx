import { ComingSoon } from '@/components/coming-soon';

/** /coupons — the feature arrives in a later version; until then an honest notice. */
export default function CouponsPage() {
  return <ComingSoon page="coupons" />;
}
