import { ComingSoon } from '@/components/coming-soon';

/** /order/:orderUuid/:orderLockerUuid/open — the feature arrives in a later version; until then an honest notice. */
export default function OrderOpenPage() {
  return <ComingSoon page="orderOpen" />;
}
