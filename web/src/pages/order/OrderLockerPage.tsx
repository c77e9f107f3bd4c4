import { ComingSoon } from '@/components/coming-soon';

/** /order/:orderUuid/:orderLockerUuid — the feature arrives in a later version; until then an honest notice. */
export default function OrderLockerPage() {
  return <ComingSoon page="orderLocker" />;
}
